import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { isEngineError } from '../../engine/core/errors';
import { decodeImage, MAX_IMAGE_PIXELS } from './decode-image';

/** A small image with every pixel different, so a shifted or re-ordered decode cannot pass. */
function gradient(width: number, height: number) {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    data.set([i % 251, (i * 7) % 253, (i * 13) % 255, 255], i * 4);
  }
  return { width, height, data };
}

const raw = (width: number, height: number) => ({ raw: { width, height, channels: 4 as const } });

function pngChunk(type: string, body: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A few hundred bytes of PNG whose header claims the given size: a header, one tiny compressed
 * chunk (far too little for that size) and the end marker. The size check needs only the header.
 */
function pngClaimingSize(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, deflate, no filter, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([
      signature,
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(Buffer.alloc(16))),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

async function codeOf(promise: Promise<unknown>) {
  return promise.then(
    () => 'decoded',
    (e: unknown) => (isEngineError(e) ? `${e.code}: ${e.message}` : `not an EngineError: ${String(e)}`),
  );
}

describe('decodeImage', () => {
  it('returns the exact RGBA of a lossless PNG and WebP, in a buffer of its own', async () => {
    const image = gradient(37, 23);
    const png = await sharp(Buffer.from(image.data), raw(37, 23)).png().toBuffer();
    const webp = await sharp(Buffer.from(image.data), raw(37, 23)).webp({ lossless: true }).toBuffer();
    for (const file of [png, webp]) {
      const decoded = await decodeImage(new Uint8Array(file));
      expect(decoded.width).toBe(37);
      expect(decoded.height).toBe(23);
      expect(Buffer.compare(Buffer.from(decoded.data), Buffer.from(image.data))).toBe(0);
      // Transferable to a worker thread as it is: the array is the whole of its ArrayBuffer.
      expect(decoded.data.byteOffset).toBe(0);
      expect(decoded.data.buffer.byteLength).toBe(decoded.data.length);
    }
  });

  it('reads bytes that are a view into a larger buffer (a multipart upload)', async () => {
    const image = gradient(8, 5);
    const png = await sharp(Buffer.from(image.data), raw(8, 5)).png().toBuffer();
    const upload = new Uint8Array(png.length + 100);
    upload.set(png, 60);
    const decoded = await decodeImage(upload.subarray(60, 60 + png.length));
    expect(Buffer.compare(Buffer.from(decoded.data), Buffer.from(image.data))).toBe(0);
  });

  it('applies the EXIF orientation of a phone capture and adds alpha to RGB', async () => {
    const rgb = Buffer.alloc(6 * 4 * 3, 200);
    const jpeg = await sharp(rgb, { raw: { width: 6, height: 4, channels: 3 } })
      .jpeg()
      .withMetadata({ orientation: 6 }) // stored landscape, shown rotated 90 degrees
      .toBuffer();
    const decoded = await decodeImage(new Uint8Array(jpeg));
    expect([decoded.width, decoded.height]).toEqual([4, 6]);
    expect(decoded.data.length).toBe(4 * 6 * 4);
    expect(decoded.data[3]).toBe(255);
  });

  it('refuses an image over the pixel limit from its header, before decoding', async () => {
    expect(MAX_IMAGE_PIXELS).toBe(7680 * 4320);
    expect(await codeOf(decodeImage(pngClaimingSize(7681, 4320)))).toMatch(
      /^INVALID_IMAGE: This image is too large/,
    );
    // The same header at the limit gets past the size check and fails only for its missing pixels.
    expect(await codeOf(decodeImage(pngClaimingSize(7680, 4320)))).toMatch(
      /^INVALID_IMAGE: This file is not a readable/,
    );
  });

  it('turns a missing file, text and a truncated file into INVALID_IMAGE with a plain message', async () => {
    expect(await codeOf(decodeImage('/nonexistent/chart.png'))).toBe(
      'INVALID_IMAGE: file not found: /nonexistent/chart.png',
    );
    expect(await codeOf(decodeImage(new TextEncoder().encode('not an image at all')))).toMatch(
      /^INVALID_IMAGE: This file is not a readable PNG, JPEG or WebP image/,
    );
    const png = await sharp(Buffer.from(gradient(50, 50).data), raw(50, 50))
      .png()
      .toBuffer();
    expect(await codeOf(decodeImage(new Uint8Array(png.subarray(0, png.length / 2))))).toMatch(
      /^INVALID_IMAGE: This file is not a readable/,
    );
  });
});
