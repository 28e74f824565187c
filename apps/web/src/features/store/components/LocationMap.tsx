import type { MapTiles } from '@sm/contract';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import { PIN } from './mapPin';
import { DEFAULT_VIEW, MAX_ZOOM, type MapView, PLACE_ZOOM } from './mapView';
import styles from './store.module.css';

// Leaflet finds its default icon by a CSS path a bundler breaks: the images, as bundled.
const icon = L.icon({
  ...PIN,
  iconSize: [...PIN.iconSize],
  iconAnchor: [...PIN.iconAnchor],
  shadowSize: [...PIN.shadowSize],
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

/** Where the map facade left off, for Leaflet to take over (MapFacade.tsx). */
export interface HandOver {
  view: MapView;
  tilesFailed: boolean;
  /** The facade's part that had the focus: Leaflet's own takes it. */
  focus: 'map' | 'zoomIn' | 'zoomOut' | null;
  /** Leaflet has drawn its first tiles (or failed to), or the merchant has moved it. */
  onDrawn: () => void;
}

/**
 * The store's location on a Leaflet map, loaded when the merchant first goes for its facade
 * (MapFacade.tsx): Leaflet is most of the page's weight. A tap, or dragging the pin, picks the
 * location; a location set elsewhere (typed, or the device's) moves the pin and the view.
 */
export default function LocationMap({
  tiles,
  location,
  onPick,
  label,
  texts,
  handOver,
}: LocationMapProps & { handOver?: HandOver | undefined }) {
  const element = useRef<HTMLDivElement>(null);
  // No tile could be loaded (no network, a tile server that refuses): say so over the grey box.
  const [tilesFailed, setTilesFailed] = useState(handOver?.tilesFailed ?? false);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const pick = useRef(onPick);
  // Read when the map is built: a language change does not rebuild the map.
  const words = useRef(texts);
  // Read once: the map starts where the facade was, and is its own from then on.
  const start = useRef(handOver);
  // The facade's view already follows the location it was given: the first placing keeps it.
  const keepView = useRef(handOver !== undefined);
  useEffect(() => {
    pick.current = onPick;
    words.current = texts;
  });

  useEffect(() => {
    if (!element.current) return;
    const from = start.current;
    const view = from?.view ?? DEFAULT_VIEW;
    const instance = L.map(element.current, {
      center: [...view.centre],
      zoom: view.zoom,
      attributionControl: false,
      zoomControl: false,
    });
    const zoom = L.control
      .zoom({ zoomInTitle: words.current.zoomIn, zoomOutTitle: words.current.zoomOut })
      .addTo(instance);
    // The credit line is configuration, shown as text: no HTML from the environment.
    L.control.attribution({ prefix: false }).addTo(instance);
    let loaded = 0;
    const layer = L.tileLayer(tiles.url, {
      maxZoom: MAX_ZOOM,
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
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (from) {
      // The facade stays under the map until the map's tiles have faded in over its own (200 ms),
      // or until the map moves away from it.
      const drawn = () => {
        clearTimeout(timer);
        layer.off('load', later);
        instance.off('movestart zoomstart', drawn);
        from.onDrawn();
      };
      const later = () => {
        timer = setTimeout(drawn, 250);
      };
      layer.once('load', later);
      instance.once('movestart zoomstart', drawn);
      const focused =
        from.focus === 'map'
          ? instance.getContainer()
          : from.focus
            ? zoom
                .getContainer()
                ?.querySelector<HTMLElement>(
                  `.leaflet-control-${from.focus === 'zoomIn' ? 'zoom-in' : 'zoom-out'}`,
                )
            : null;
      focused?.focus();
    }
    // A world copy east or west of the first is the same place: wrapped to −180..180.
    instance.on('click', (event: L.LeafletMouseEvent) => {
      const at = event.latlng.wrap();
      pick.current(at.lat, at.lng);
    });
    map.current = instance;
    return () => {
      clearTimeout(timer);
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
    const keep = keepView.current;
    keepView.current = false;
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
    if (keep) return;
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
