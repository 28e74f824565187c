// Leaflet's look without Leaflet's script: its stylesheet, and its markup drawn here.
import 'leaflet/dist/leaflet.css';
import Button from 'antd-mobile/es/components/button';
import {
  type ComponentType,
  type MouseEvent,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../../../lib/i18n';
import { loadOnce } from '../../../lib/lazyModule';
import { Notice } from '../../../lib/ui/Notice';
import type { HandOver, LocationMapProps } from './LocationMap';
import { PIN } from './mapPin';
import {
  DEFAULT_VIEW,
  follow,
  type MapView,
  MAX_ZOOM,
  MIN_ZOOM,
  placeAt,
  type Point,
  pointOf,
  tilesOf,
} from './mapView';
import styles from './store.module.css';

type LeafletMap = ComponentType<LocationMapProps & { handOver?: HandOver | undefined }>;

let loaded: LeafletMap | null = null;
// Leaflet is most of this page's weight: it loads when the merchant first goes for the map.
const loadLeaflet = loadOnce(() =>
  import('./LocationMap').then((module) => (loaded = module.default)),
);

/** Leaflet's leeway between a tap and a drag, in pixels. */
const CLICK_TOLERANCE = 3;

/**
 * The store's location on a map that looks and answers as Leaflet's does (LocationMap.tsx) before
 * Leaflet is loaded: the same tiles at the same view, the pin, the zoom buttons and the credit
 * line. The merchant's first touch, click or focus on it loads Leaflet, which takes over at the
 * same view, laid over the facade until its tiles have faded in over the facade's. A tap before
 * then picks the place Leaflet would have picked (mapView.ts); a zoom button zooms the facade.
 */
export function LocationMapFacade(props: LocationMapProps) {
  const { tiles, location, onPick, label, texts } = props;
  const { t } = useTranslation();
  const [Leaflet, setLeaflet] = useState<LeafletMap | null>(() => loaded);
  // Set when Leaflet takes over from the facade; a map already loaded starts on its own.
  const [handOver, setHandOver] = useState<HandOver | undefined>();
  const [covered, setCovered] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [view, setView] = useState<MapView>(DEFAULT_VIEW);
  const [size, setSize] = useState<Point | null>(null);
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const [tilesFailed, setTilesFailed] = useState(false);
  const tilesLoaded = useRef(0);
  const frame = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const zoomIn = useRef<HTMLAnchorElement>(null);
  const zoomOut = useRef<HTMLAnchorElement>(null);
  const down = useRef<Point | null>(null);
  const loading = useRef(false);
  const live = useRef(true);
  // What Leaflet takes over is the facade's state when it arrives, not when it was asked for.
  const latest = useRef({ view, tilesFailed });
  useEffect(() => {
    latest.current = { view, tilesFailed };
  });
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const begin = () => {
    if (Leaflet || loading.current) return;
    loading.current = true;
    setLoadFailed(false);
    loadLeaflet().then(
      (component) => {
        if (!live.current) return;
        const active = document.activeElement;
        setHandOver({
          ...latest.current,
          focus:
            active === container.current
              ? 'map'
              : active === zoomIn.current
                ? 'zoomIn'
                : active === zoomOut.current
                  ? 'zoomOut'
                  : null,
          onDrawn: () => setCovered(true),
        });
        setLeaflet(() => component);
      },
      () => {
        loading.current = false;
        if (live.current) setLoadFailed(true);
      },
    );
  };

  // Measured as Leaflet measures its container, and again when the window resizes.
  useLayoutEffect(() => {
    const measure = () => {
      const element = container.current;
      if (element) setSize({ x: element.clientWidth, y: element.clientHeight });
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  // A location set elsewhere moves the view as it moves Leaflet's, before the facade is painted.
  const latitude = location?.latitude;
  const longitude = location?.longitude;
  useLayoutEffect(() => {
    const element = container.current;
    if (!element || latitude === undefined || longitude === undefined) return;
    const measured = { x: element.clientWidth, y: element.clientHeight };
    setView((current) => follow(current, measured, [latitude, longitude]));
  }, [latitude, longitude]);

  /** A tap that did not drag picks the place under it; the zoom view is the facade's own. */
  const pickAt = (event: MouseEvent) => {
    const from = down.current;
    const element = container.current;
    down.current = null;
    if (!from || !element || !size) return;
    if (Math.hypot(event.clientX - from.x, event.clientY - from.y) > CLICK_TOLERANCE) return;
    const box = element.getBoundingClientRect();
    const [lat, lng] = placeAt(view, size, {
      x: event.clientX - box.left - element.clientLeft,
      y: event.clientY - box.top - element.clientTop,
    });
    onPick(lat, lng);
  };

  const zoomBy = (event: MouseEvent, delta: number) => {
    event.preventDefault();
    event.stopPropagation();
    begin();
    setView((current) => {
      const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, current.zoom + delta));
      return { ...current, zoom };
    });
  };

  const retina = window.devicePixelRatio > 1;
  const drawn = size ? tilesOf(view, size, tiles.url, retina) : [];
  const pin =
    location && size ? pointOf(view, size, [location.latitude, location.longitude]) : null;
  const step = (event: MouseEvent) => (event.shiftKey ? 3 : 1);
  // Under Leaflet while it arrives, the facade is its tiles alone, hidden from touch and speech.
  const arriving = Leaflet !== null && handOver !== undefined && !covered;

  const facade = (
    <div
      ref={container}
      className={`leaflet-container leaflet-touch leaflet-fade-anim leaflet-grab leaflet-touch-drag leaflet-touch-zoom ${styles.map} ${styles.mapFacade}`}
      style={{ position: 'relative' }}
      {...(arriving
        ? { 'aria-hidden': true, inert: true }
        : {
            role: 'application',
            'aria-label': label,
            tabIndex: 0,
            onPointerDown: (event: MouseEvent) => {
              down.current = { x: event.clientX, y: event.clientY };
              begin();
            },
            onTouchStart: begin,
            onFocus: begin,
            onClick: pickAt,
          })}
    >
      <div className="leaflet-pane leaflet-map-pane">
        <div className="leaflet-pane leaflet-tile-pane">
          <div className="leaflet-layer" style={{ zIndex: 1 }}>
            <div className="leaflet-tile-container leaflet-zoom-animated" style={{ zIndex: 19 }}>
              {drawn.map((tile) => (
                <img
                  key={tile.key}
                  alt=""
                  src={tile.url}
                  referrerPolicy="strict-origin-when-cross-origin"
                  className={
                    shown.has(tile.key) ? 'leaflet-tile leaflet-tile-loaded' : 'leaflet-tile'
                  }
                  style={{
                    width: 256,
                    height: 256,
                    transform: `translate3d(${tile.left}px, ${tile.top}px, 0px)`,
                  }}
                  onLoad={() => {
                    tilesLoaded.current += 1;
                    setTilesFailed(false);
                    setShown((keys) => new Set(keys).add(tile.key));
                  }}
                  onError={() => {
                    if (tilesLoaded.current === 0) setTilesFailed(true);
                  }}
                />
              ))}
            </div>
          </div>
        </div>
        {pin && !arriving ? (
          <>
            <div className="leaflet-pane leaflet-shadow-pane">
              <img
                alt=""
                src={PIN.shadowUrl}
                className="leaflet-marker-shadow leaflet-zoom-animated"
                style={{
                  marginLeft: -PIN.iconAnchor[0],
                  marginTop: -PIN.iconAnchor[1],
                  width: PIN.shadowSize[0],
                  height: PIN.shadowSize[1],
                  transform: `translate3d(${pin.x}px, ${pin.y}px, 0px)`,
                }}
              />
            </div>
            <div className="leaflet-pane leaflet-marker-pane">
              {/* Leaflet's marker swallows its taps: a tap on the pin picks nothing. */}
              <img
                alt="Marker"
                src={retina ? PIN.iconRetinaUrl : PIN.iconUrl}
                className="leaflet-marker-icon leaflet-zoom-animated leaflet-interactive leaflet-marker-draggable"
                style={{
                  marginLeft: -PIN.iconAnchor[0],
                  marginTop: -PIN.iconAnchor[1],
                  width: PIN.iconSize[0],
                  height: PIN.iconSize[1],
                  transform: `translate3d(${pin.x}px, ${pin.y}px, 0px)`,
                  zIndex: pin.y,
                }}
                onClick={(event) => event.stopPropagation()}
              />
            </div>
          </>
        ) : null}
      </div>
      {arriving ? null : (
        <div className="leaflet-control-container" onClick={(event) => event.stopPropagation()}>
          <div className="leaflet-top leaflet-left">
            <div className="leaflet-control-zoom leaflet-bar leaflet-control">
              <a
                ref={zoomIn}
                className={`leaflet-control-zoom-in${view.zoom >= MAX_ZOOM ? ' leaflet-disabled' : ''}`}
                href="#"
                title={texts.zoomIn}
                role="button"
                aria-label={texts.zoomIn}
                aria-disabled={view.zoom >= MAX_ZOOM}
                onClick={(event) => zoomBy(event, step(event))}
              >
                <span aria-hidden="true">+</span>
              </a>
              <a
                ref={zoomOut}
                className={`leaflet-control-zoom-out${view.zoom <= MIN_ZOOM ? ' leaflet-disabled' : ''}`}
                href="#"
                title={texts.zoomOut}
                role="button"
                aria-label={texts.zoomOut}
                aria-disabled={view.zoom <= MIN_ZOOM}
                onClick={(event) => zoomBy(event, -step(event))}
              >
                <span aria-hidden="true">−</span>
              </a>
            </div>
          </div>
          <div className="leaflet-bottom leaflet-right">
            <div className="leaflet-control-attribution leaflet-control">{tiles.attribution}</div>
          </div>
        </div>
      )}
    </div>
  );

  return (
    <div
      ref={frame}
      className={styles.mapFrame}
      // A tap that began on the facade and ended on Leaflet, laid over it meanwhile, is a click
      // on what holds both: the facade's pick still.
      onClick={(event) => {
        if (event.target === frame.current) pickAt(event);
      }}
    >
      {Leaflet && !arriving ? null : (
        <>
          {facade}
          {tilesFailed && !arriving ? (
            <p className={styles.mapFailed} role="status">
              {texts.tilesFailed}
            </p>
          ) : null}
        </>
      )}
      {Leaflet ? (
        <div className={arriving ? styles.mapArriving : undefined}>
          <Leaflet {...props} handOver={handOver} />
        </div>
      ) : null}
      {loadFailed ? (
        <div className={styles.mapLoadFailed}>
          <Notice tone="warning">{t('store.mapLoadFailed')}</Notice>
          <Button size="small" fill="outline" onClick={begin}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
