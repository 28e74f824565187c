import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Upload samples the media, store and reliability tests share: small, made in memory. */

export const MB = 1024 * 1024;

/** A multipart/form-data body with one file, as a browser sends it. */
export function form(fileName: string, bytes: Buffer, field = 'file') {
  const boundary = `----sm-test-${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } });

/** A PNG whose header claims width×height; the pixels are never there (a "pixel bomb"). */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // 8-bit greyscale
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real small JPEG whose frame header (SOF0) is rewritten to claim width×height. */
export async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await solid(16, 16).jpeg({ mozjpeg: false }).toBuffer());
  for (let i = 2; i < jpeg.length - 9;) {
    const marker = jpeg.readUInt16BE(i);
    if (marker === 0xffc0 || marker === 0xffc2) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
    i += 2 + jpeg.readUInt16BE(i + 2);
  }
  throw new Error('no SOF marker in the sample JPEG');
}

/** Just enough of an ISO media file for a sniffer: an `ftyp` box and an empty `mdat`. */
export const mp4 = Buffer.from(
  '000000186674797069736f6d0000020069736f6d69736f32000000086d646174',
  'hex',
);
export const mov = Buffer.from('0000001466747970717420200000000071742020000000086d646174', 'hex');

/** The smallest well-formed one-page PDF. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
