import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEW,
  follow,
  type MapView,
  PLACE_ZOOM,
  placeAt,
  pointOf,
  project,
  tilesOf,
  wrapLongitude,
} from './mapView';

/** The basic info page's map on a 390 px phone. */
const SIZE = { x: 358, y: 240 };
const JETTY = [3.3412, 101.2499] as const;

describe('Web Mercator, as Leaflet projects', () => {
  it('puts the equator and the meridian at the middle of the world', () => {
    expect(project([0, 0], 0)).toEqual({ x: 128, y: 128 });
    expect(project([0, 180], 1)).toEqual({ x: 512, y: 256 });
  });

  it('finds under a point the place drawn at it', () => {
    const view: MapView = { centre: JETTY, zoom: PLACE_ZOOM };
    const centre = placeAt(view, { x: 358, y: 240 }, { x: 179, y: 120 });
    // Within half a pixel: Leaflet rounds the map's corner to a whole pixel.
    expect(centre[0]).toBeCloseTo(JETTY[0], 4);
    expect(centre[1]).toBeCloseTo(JETTY[1], 4);
    const [latitude, longitude] = placeAt(view, SIZE, { x: 120, y: 100 });
    expect(pointOf(view, SIZE, [latitude, longitude])).toEqual({ x: 120, y: 100 });
    // North-west of the centre.
    expect(latitude).toBeGreaterThan(JETTY[0]);
    expect(longitude).toBeLessThan(JETTY[1]);
  });

  it('wraps a longitude past the date line, as a pick does', () => {
    expect(wrapLongitude(190)).toBe(-170);
    expect(wrapLongitude(-190)).toBe(170);
    expect(wrapLongitude(180)).toBe(180);
    const [, longitude] = placeAt({ centre: [0, 179.9], zoom: 10 }, SIZE, { x: 350, y: 120 });
    expect(longitude).toBeLessThan(-179);
  });
});

describe('the view following a location', () => {
  it('goes to a place out of sight, at the place zoom', () => {
    expect(follow(DEFAULT_VIEW, SIZE, JETTY)).toEqual({ centre: JETTY, zoom: PLACE_ZOOM });
  });

  it('stays when the place is in sight, near enough', () => {
    const view: MapView = { centre: JETTY, zoom: 17 };
    const nearby = placeAt(view, SIZE, { x: 20, y: 20 });
    expect(follow(view, SIZE, nearby)).toBe(view);
  });

  it('comes closer to a place in sight from too far', () => {
    expect(follow(DEFAULT_VIEW, SIZE, DEFAULT_VIEW.centre)).toEqual({
      centre: DEFAULT_VIEW.centre,
      zoom: PLACE_ZOOM,
    });
  });
});

describe('the tiles of a view', () => {
  it('are the ones in sight, placed from the map’s corner', () => {
    const tiles = tilesOf(DEFAULT_VIEW, SIZE, '/tiles/{z}/{x}/{y}.png', false);
    expect(tiles.map((tile) => tile.url).sort()).toEqual([
      '/tiles/11/1601/1005.png',
      '/tiles/11/1601/1006.png',
      '/tiles/11/1602/1005.png',
      '/tiles/11/1602/1006.png',
      '/tiles/11/1603/1005.png',
      '/tiles/11/1603/1006.png',
    ]);
    for (const tile of tiles) {
      expect(tile.left).toBeLessThan(SIZE.x);
      expect(tile.left + 256).toBeGreaterThan(0);
      expect(tile.top).toBeLessThan(SIZE.y);
      expect(tile.top + 256).toBeGreaterThan(0);
    }
  });

  it('fill {s}, {r} and {-y}, and wrap east and west of the world', () => {
    const view: MapView = { centre: [0, 0], zoom: 1 };
    const urls = tilesOf(view, { x: 1200, y: 300 }, '{s}/{z}/{x}/{-y}{r}', true).map(
      (tile) => tile.url,
    );
    // Three copies of the world's four tiles side by side.
    expect(urls.sort()).toEqual(
      ['a/1/0/1@2x', 'b/1/0/0@2x', 'b/1/1/1@2x', 'c/1/1/0@2x'].flatMap((url) => [url, url, url]),
    );
  });
});
