import sharp from 'sharp';

/**
 * A real JPEG of noise between `minBytes` and `maxBytes`: noise does not compress, so a photo
 * big enough for a multipart upload stays small in pixels. Each seed gives another picture, so
 * the duplicate check never mistakes two of them for one another.
 */
export async function noisyJpeg(minBytes: number, maxBytes: number, seed = 1): Promise<Buffer> {
  let state = seed >>> 0 || 1;
  // Roughly 2.2 bytes of JPEG per pixel of noise at this quality; grown until big enough.
  let side = Math.ceil(Math.sqrt(minBytes / 2.2));
  for (;;) {
    const raw = Buffer.alloc(side * side * 3);
    for (let i = 0; i < raw.length; i++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      raw[i] = state & 0xff;
    }
    const jpeg = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer();
    if (jpeg.length > maxBytes) throw new Error(`noise photo too big: ${jpeg.length}`);
    if (jpeg.length >= minBytes) return jpeg;
    side = Math.ceil(side * Math.sqrt((minBytes * 1.02) / jpeg.length));
  }
}
