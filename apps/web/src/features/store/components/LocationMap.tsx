import type { MapTiles } from '@sm/contract';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useRef, useState } from 'react';
import styles from './store.module.css';

/** Kuala Lumpur, until the store has a location. */
const DEFAULT_CENTRE: L.LatLngTuple = [3.139, 101.6869];
const DEFAULT_ZOOM = 11;
const PLACE_ZOOM = 16;

// Leaflet finds its default icon by a CSS path a bundler breaks: the images, as bundled.
const icon = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface LocationMapProps {
  tiles: MapTiles;
  location: { latitude: number; longitude: number } | null;
  onPick: (latitude: number, longitude: number) => void;
  label: string;
  /** The map's own words, in the app's language (Leaflet's are English). */
  texts: { zoomIn: string; zoomOut: string; tilesFailed: string };
}

/**
 * The store's location on a Leaflet map (loaded with this page only: it is most of the page's
 * weight). A tap, or dragging the pin, picks the location; a location set elsewhere (typed, or
 * the device's) moves the pin and the view.
 */
export default function LocationMap({ tiles, location, onPick, label, texts }: LocationMapProps) {
  const element = useRef<HTMLDivElement>(null);
  // No tile could be loaded (no network, a tile server that refuses): say so over the grey box.
  const [tilesFailed, setTilesFailed] = useState(false);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const pick = useRef(onPick);
  // Read when the map is built: a language change does not rebuild the map.
  const words = useRef(texts);
  useEffect(() => {
    pick.current = onPick;
    words.current = texts;
  });

  useEffect(() => {
    if (!element.current) return;
    const instance = L.map(element.current, {
      center: DEFAULT_CENTRE,
      zoom: DEFAULT_ZOOM,
      attributionControl: false,
      zoomControl: false,
    });
    L.control
      .zoom({ zoomInTitle: words.current.zoomIn, zoomOutTitle: words.current.zoomOut })
      .addTo(instance);
    // The credit line is configuration, shown as text: no HTML from the environment.
    L.control.attribution({ prefix: false }).addTo(instance);
    let loaded = 0;
    L.tileLayer(tiles.url, {
      maxZoom: 19,
      attribution: escapeHtml(tiles.attribution),
      // The server's helmet says no-referrer; OpenStreetMap's tile policy refuses tiles without one.
      referrerPolicy: 'strict-origin-when-cross-origin',
    })
      .on('tileload', () => {
        loaded += 1;
        setTilesFailed(false);
      })
      .on('tileerror', () => {
        if (loaded === 0) setTilesFailed(true);
      })
      .addTo(instance);
    // A world copy east or west of the first is the same place: wrapped to −180..180.
    instance.on('click', (event: L.LeafletMouseEvent) => {
      const at = event.latlng.wrap();
      pick.current(at.lat, at.lng);
    });
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
      marker.current = null;
    };
  }, [tiles.url, tiles.attribution]);

  const latitude = location?.latitude;
  const longitude = location?.longitude;
  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    if (latitude === undefined || longitude === undefined) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    const position: L.LatLngTuple = [latitude, longitude];
    if (marker.current) marker.current.setLatLng(position);
    else {
      marker.current = L.marker(position, { icon, draggable: true, keyboard: false })
        .on('dragend', (event) => {
          const at = (event.target as L.Marker).getLatLng().wrap();
          pick.current(at.lat, at.lng);
        })
        .addTo(instance);
    }
    if (!instance.getBounds().contains(position) || instance.getZoom() < PLACE_ZOOM - 2) {
      instance.setView(position, Math.max(instance.getZoom(), PLACE_ZOOM));
    }
  }, [latitude, longitude]);

  return (
    <div className={styles.mapFrame}>
      <div ref={element} className={styles.map} role="application" aria-label={label} />
      {tilesFailed ? (
        <p className={styles.mapFailed} role="status">
          {texts.tilesFailed}
        </p>
      ) : null}
    </div>
  );
}
