// Leaflet's own pin, for the map and its facade alike. Files of their own, not inlined: inlined
// they would be some 5 KB of the page's script, which the facade must stay without.
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png?no-inline';
import markerIcon from 'leaflet/dist/images/marker-icon.png?no-inline';
import markerShadow from 'leaflet/dist/images/marker-shadow.png?no-inline';

export const PIN = {
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
} as const;
