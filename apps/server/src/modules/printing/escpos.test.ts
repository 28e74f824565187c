import { describe, expect, it } from 'vitest';
import {
  concat,
  feedLines,
  initialize,
  partialCut,
  printJob,
  rasterImage,
  toBitmap,
} from './escpos.js';

const bytes = (data: Uint8Array) => [...data];

describe('ESC/POS encoder', () => {
  it('writes the fixed commands byte by byte', () => {
    expect(bytes(initialize())).toEqual([0x1b, 0x40]);
    expect(bytes(feedLines(4))).toEqual([0x1b, 0x64, 4]);
    expect(bytes(partialCut())).toEqual([0x1d, 0x56, 66, 0]);
    expect(() => feedLines(256)).toThrow(RangeError);
  });

  it('packs grey pixels into rows of bits, leftmost pixel in the high bit, padding with white', () => {
    // 10 × 2: row 0 has pixels 0, 7 and 9 dark; row 1 has pixel 1 grey-but-dark and 8 light.
    const grey = new Uint8Array(20).fill(255);
    grey[0] = 0;
    grey[7] = 10;
    grey[9] = 127;
    grey[10 + 1] = 100;
    grey[10 + 8] = 128;
    const bitmap = toBitmap(grey, 10, 2);
    expect(bitmap.width).toBe(16);
    expect(bitmap.height).toBe(2);
    expect(bytes(bitmap.data)).toEqual([0b1000_0001, 0b0100_0000, 0b0100_0000, 0b0000_0000]);
    expect(() => toBitmap(new Uint8Array(3), 2, 2)).toThrow(RangeError);
  });

  it('sends a raster image as GS v 0 with width in bytes and height in rows, little-endian', () => {
    const data = Uint8Array.from({ length: 48 * 3 }, (_, i) => i & 0xff);
    const out = rasterImage({ width: 384, height: 3, data });
    expect(bytes(out.subarray(0, 8))).toEqual([0x1d, 0x76, 0x30, 0, 48, 0, 3, 0]);
    expect(bytes(out.subarray(8))).toEqual(bytes(data));

    const wide = rasterImage({ width: 576, height: 300, data: new Uint8Array(72 * 300) });
    expect(bytes(wide.subarray(0, 8))).toEqual([0x1d, 0x76, 0x30, 0, 72, 0, 300 & 0xff, 1]);
    expect(wide.length).toBe(8 + 72 * 300);
  });

  it('splits a tall image into bands that a small printer buffer holds', () => {
    const data = Uint8Array.from({ length: 2 * 5 }, (_, i) => i + 1);
    const out = rasterImage({ width: 16, height: 5, data }, 2);
    expect(bytes(out)).toEqual([
      ...[0x1d, 0x76, 0x30, 0, 2, 0, 2, 0, 1, 2, 3, 4],
      ...[0x1d, 0x76, 0x30, 0, 2, 0, 2, 0, 5, 6, 7, 8],
      ...[0x1d, 0x76, 0x30, 0, 2, 0, 1, 0, 9, 10],
    ]);
  });

  it('refuses a width that is not whole bytes or data of the wrong size', () => {
    expect(() => rasterImage({ width: 10, height: 1, data: new Uint8Array(2) })).toThrow(
      RangeError,
    );
    expect(() => rasterImage({ width: 8, height: 2, data: new Uint8Array(1) })).toThrow(RangeError);
  });

  it('makes a job of reset, image, feed and cut', () => {
    const bitmap = { width: 8, height: 1, data: Uint8Array.of(0xff) };
    expect(bytes(printJob(bitmap))).toEqual([
      ...[0x1b, 0x40],
      ...[0x1d, 0x76, 0x30, 0, 1, 0, 1, 0, 0xff],
      ...[0x1b, 0x64, 4],
      ...[0x1d, 0x56, 66, 0],
    ]);
    expect(bytes(concat([]))).toEqual([]);
  });
});
