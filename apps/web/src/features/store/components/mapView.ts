/**
 * Leaflet's view maths without Leaflet: Web Mercator (its EPSG:3857), the tiles it would show for
 * a centre and zoom, where a point on the map is, and how the map follows the store's location.
 * The map facade draws from these what Leaflet would draw, so that the two agree to the pixel; a
 * change here is a change to what a tap on the facade picks.
 */

export type LatLng = readonly [latitude: number, longitude: number];
export interface Point {
  x: number;
  y: number;
}
export interface MapView {
  centre: LatLng;
  zoom: number;
}

/** Kuala Lumpur, until the store has a location. */
export const DEFAULT_VIEW: MapView = { centre: [3.139, 101.6869], zoom: 11 };
/** The zoom a location is shown at: a street and its neighbours. */
export const PLACE_ZOOM = 16;
export const MIN_ZOOM = 0;
export const MAX_ZOOM = 19;
export const TILE_SIZE = 256;

// Leaflet's SphericalMercator: the earth's radius, and the latitude the square world ends at.
const R = 6378137;
const MAX_LATITUDE = 85.0511287798;
const D = Math.PI / 180;
const SCALE = 0.5 / (Math.PI * R);

const worldSize = (zoom: number) => TILE_SIZE * 2 ** zoom;

/** The pixel of a place on the whole world's map at `zoom` (Leaflet's `map.project`). */
export function project([latitude, longitude]: LatLng, zoom: number): Point {
  const lat = Math.max(Math.min(MAX_LATITUDE, latitude), -MAX_LATITUDE);
  const sin = Math.sin(lat * D);
  const x = R * longitude * D;
  const y = (R * Math.log((1 + sin) / (1 - sin))) / 2;
  const size = worldSize(zoom);
  return { x: size * (SCALE * x + 0.5), y: size * (-SCALE * y + 0.5) };
}

/** The place at a pixel of the world's map (Leaflet's `map.unproject`); not wrapped. */
export function unproject({ x, y }: Point, zoom: number): LatLng {
  const size = worldSize(zoom);
  const mx = (x / size - 0.5) / SCALE;
  const my = (y / size - 0.5) / -SCALE;
  return [(2 * Math.atan(Math.exp(my / R)) - Math.PI / 2) / D, mx / R / D];
}

/** A longitude east or west of the first world copy, brought into −180..180 (`latLng.wrap()`). */
export function wrapLongitude(longitude: number): number {
  if (longitude === 180) return longitude;
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
}

/** The world pixel at the map's top left corner, as Leaflet rounds it after `setView`. */
export function pixelOrigin(view: MapView, size: Point): Point {
  const centre = project(view.centre, view.zoom);
  return { x: Math.round(centre.x - size.x / 2), y: Math.round(centre.y - size.y / 2) };
}

/** The place under a point of the map (from its top left corner), wrapped as a pick is. */
export function placeAt(view: MapView, size: Point, point: Point): LatLng {
  const origin = pixelOrigin(view, size);
  const [latitude, longitude] = unproject(
    { x: origin.x + point.x, y: origin.y + point.y },
    view.zoom,
  );
  return [latitude, wrapLongitude(longitude)];
}

/** Where a place is drawn on the map, from its top left corner (a marker's `_setPos`). */
export function pointOf(view: MapView, size: Point, place: LatLng): Point {
  const origin = pixelOrigin(view, size);
  const at = project(place, view.zoom);
  return { x: Math.round(at.x) - origin.x, y: Math.round(at.y) - origin.y };
}

/**
 * How the map follows a location set elsewhere (typed, the device's, a tap): left where it is if
 * the place is in sight close enough, else centred on it at PLACE_ZOOM or nearer.
 */
export function follow(view: MapView, size: Point, place: LatLng): MapView {
  const origin = pixelOrigin(view, size);
  const [north, west] = unproject(origin, view.zoom);
  const [south, east] = unproject({ x: origin.x + size.x, y: origin.y + size.y }, view.zoom);
  const [latitude, longitude] = place;
  const inSight = latitude >= south && latitude <= north && longitude >= west && longitude <= east;
  if (inSight && view.zoom >= PLACE_ZOOM - 2) return view;
  return { centre: place, zoom: Math.max(view.zoom, PLACE_ZOOM) };
}

export interface Tile {
  key: string;
  url: string;
  /** The tile's top left corner on the map. */
  left: number;
  top: number;
}

/**
 * The tiles Leaflet's tile layer shows for a view, nearest the centre first (the order it asks
 * for them): the URL template's {z}/{x}/{y}, {s} (a, b or c), {r} and {-y} filled as it fills them.
 */
export function tilesOf(view: MapView, size: Point, template: string, retina: boolean): Tile[] {
  const { zoom } = view;
  const centre = project(view.centre, zoom);
  const pixelCentre = { x: Math.floor(centre.x), y: Math.floor(centre.y) };
  const min = {
    x: Math.floor((pixelCentre.x - size.x / 2) / TILE_SIZE),
    y: Math.floor((pixelCentre.y - size.y / 2) / TILE_SIZE),
  };
  const max = {
    x: Math.ceil((pixelCentre.x + size.x / 2) / TILE_SIZE) - 1,
    y: Math.ceil((pixelCentre.y + size.y / 2) / TILE_SIZE) - 1,
  };
  const count = 2 ** zoom;
  const origin = pixelOrigin(view, size);
  const middle = { x: (min.x + max.x) / 2, y: (min.y + max.y) / 2 };
  const found: { tile: Tile; distance: number }[] = [];
  for (let y = Math.max(min.y, 0); y <= Math.min(max.y, count - 1); y += 1) {
    for (let x = min.x; x <= max.x; x += 1) {
      // East and west of the first world come its copies: the same tiles.
      const wrapped = ((x % count) + count) % count;
      const values: Record<string, string> = {
        z: String(zoom),
        x: String(wrapped),
        y: String(y),
        '-y': String(count - 1 - y),
        s: 'abc'.charAt(Math.abs(wrapped + y) % 3),
        r: retina ? '@2x' : '',
      };
      found.push({
        tile: {
          key: `${x}:${y}:${zoom}`,
          url: template.replace(/\{ *([\w_ -]+) *\}/g, (all, name: string) => values[name] ?? all),
          left: x * TILE_SIZE - origin.x,
          top: y * TILE_SIZE - origin.y,
        },
        distance: Math.hypot(x - middle.x, y - middle.y),
      });
    }
  }
  return found.sort((a, b) => a.distance - b.distance).map(({ tile }) => tile);
}
