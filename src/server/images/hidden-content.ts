/**
 * Markup or script hidden in a file that starts like an image (an image/HTML polyglot). Markers
 * are 5+ characters so compressed image data does not match by chance.
 */
const MARKERS = [
  '<script',
  '<iframe',
  '<html>',
  '<html ',
  '<!doctype',
  '<?php ',
  'javascript:',
  'http://www.w3.org/2000/svg',
];

/** What a browser's content sniffer reads before deciding a response is HTML. */
const SNIFFED_BYTES = 512;

type Range = [start: number, end: number];

/**
 * Whether the file carries markup a browser could be tricked into rendering: in the bytes a
 * sniffer reads, in the image data, or after the image's end (a page appended to a photo), or
 * whether a ZIP directory closes it. Metadata blocks past the sniffed bytes are not looked at:
 * photo editors write XML there (XMP packets, Apple plists with a DOCTYPE) and no browser
 * renders them. Files whose structure cannot be followed are scanned whole.
 */
export function hidesContent(bytes: Buffer, type: string): boolean {
  if (containsMarker(bytes.subarray(0, SNIFFED_BYTES)) || endsWithZipDirectory(bytes)) return true;
  const skipped = metadataBlocks(bytes, type) ?? [];
  let from = 0;
  for (const [start, end] of skipped) {
    if (containsMarker(bytes.subarray(from, start))) return true;
    from = end;
  }
  return containsMarker(bytes.subarray(from));
}

const containsMarker = (bytes: Buffer) => {
  const text = bytes.toString('latin1').toLowerCase();
  return MARKERS.some((marker) => text.includes(marker));
};

/** A ZIP (or JAR, DOCX, APK) whose end-of-directory record closes the file: an image/ZIP polyglot. */
function endsWithZipDirectory(bytes: Buffer): boolean {
  const from = Math.max(0, bytes.length - 22 - 65_535);
  for (let at = bytes.length - 22; at >= from; at--) {
    if (bytes.readUInt32LE(at) !== 0x06054b50) continue;
    if (at + 22 + bytes.readUInt16LE(at + 20) === bytes.length) return true;
  }
  return false;
}

/** Payload ranges of the metadata blocks, in file order; null when the structure is broken. */
function metadataBlocks(bytes: Buffer, type: string): Range[] | null {
  try {
    if (type === 'image/jpeg') return jpegMetadata(bytes);
    if (type === 'image/png') return pngMetadata(bytes);
    if (type === 'image/webp') return webpMetadata(bytes);
  } catch {
    return null;
  }
  return [];
}

/**
 * APPn (EXIF, XMP, ICC, Photoshop) and COM segments of each JPEG stream in the file: a Motion
 * Photo or a multi-picture file (MPF: depth and gain maps) keeps more JPEGs after the first.
 * Bytes after the last end-of-image marker that are not a JPEG are scanned like image data.
 */
function jpegMetadata(bytes: Buffer): Range[] | null {
  const blocks: Range[] = [];
  let at = 0;
  while (bytes[at] === 0xff && bytes[at + 1] === 0xd8 && bytes[at + 2] === 0xff) {
    const end = jpegStream(bytes, at + 2, blocks);
    if (end === null) return null;
    at = end;
  }
  return blocks;
}

/** Walks one JPEG's segments from just after SOI; returns the offset after its EOI. */
function jpegStream(bytes: Buffer, from: number, blocks: Range[]): number | null {
  let at = from;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return at + 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    const end = at + 2 + bytes.readUInt16BE(at + 2);
    if (end < at + 4 || end > bytes.length) return null;
    if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) blocks.push([at + 4, end]);
    at = end;
    if (marker === 0xda) at = afterEntropyCodedData(bytes, at);
  }
  return null;
}

/** Compressed scan data runs to the next 0xFF that is neither a stuffed 0x00 nor a restart. */
function afterEntropyCodedData(bytes: Buffer, from: number): number {
  let at = bytes.indexOf(0xff, from);
  while (at !== -1 && at + 1 < bytes.length) {
    const next = bytes[at + 1]!;
    if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) return at;
    at = bytes.indexOf(0xff, at + 2);
  }
  return bytes.length;
}

const PNG_METADATA = new Set(['tEXt', 'iTXt', 'zTXt', 'eXIf']);

/** Text and EXIF chunks up to IEND; anything after IEND is scanned. */
function pngMetadata(bytes: Buffer): Range[] | null {
  const blocks: Range[] = [];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('latin1');
    const end = at + 12 + length;
    if (end > bytes.length) return null;
    if (PNG_METADATA.has(type)) blocks.push([at + 8, at + 8 + length]);
    if (type === 'IEND') return blocks;
    at = end;
  }
  return null;
}

const WEBP_METADATA = new Set(['EXIF', 'XMP ']);

/** EXIF and XMP chunks inside the RIFF container; anything after it is scanned. */
function webpMetadata(bytes: Buffer): Range[] | null {
  const blocks: Range[] = [];
  const riffEnd = 8 + bytes.readUInt32LE(4);
  if (riffEnd > bytes.length) return null;
  let at = 12;
  while (at + 8 <= riffEnd) {
    const type = bytes.subarray(at, at + 4).toString('latin1');
    const length = bytes.readUInt32LE(at + 4);
    const end = at + 8 + length + (length % 2);
    if (at + 8 + length > riffEnd) return null;
    if (WEBP_METADATA.has(type)) blocks.push([at + 8, at + 8 + length]);
    at = end;
  }
  return blocks;
}
