import { open, type FileHandle } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { PMTiles, zxyToTileId, type Header, type Source } from 'pmtiles';

/**
 * A region of a PMTiles v3 archive (a planet build, by URL or file) copied into an archive of its
 * own (docs/decisions/053-backup-and-map-sources.md). The pmtiles package reads; it has no
 * writer, so this one writes the spec's small layout: a 127-byte header, a root directory
 * (with leaf directories when the tiles do not fit in 16 KiB), the metadata and the tiles.
 */

export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Reads a local archive in the byte ranges the reader asks for. */
class FileRangeSource implements Source {
  constructor(
    private readonly handle: FileHandle,
    private readonly file: string,
  ) {}

  async getBytes(offset: number, length: number) {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await this.handle.read(buffer, 0, length, offset);
    return { data: buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + bytesRead) };
  }

  getKey() {
    return this.file;
  }
}

const tileX = (lng: number, z: number) =>
  Math.min(2 ** z - 1, Math.max(0, Math.floor(((lng + 180) / 360) * 2 ** z)));
const tileY = (lat: number, z: number) => {
  const r = (Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z);
  return Math.min(2 ** z - 1, Math.max(0, y));
};

/** Unsigned LEB128, as PMTiles directories are written. */
function varint(value: number, out: number[]): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
  /** 1 for a tile; 0 for a leaf directory. */
  runLength: number;
}

/** The spec's directory: ids as deltas, run lengths, lengths, then offsets (0 = contiguous). */
function directory(entries: Entry[]): Buffer {
  const out: number[] = [];
  varint(entries.length, out);
  entries.forEach((e, i) => varint(e.tileId - (entries[i - 1]?.tileId ?? 0), out));
  entries.forEach((e) => varint(e.runLength, out));
  entries.forEach((e) => varint(e.length, out));
  entries.forEach((e, i) => {
    const previous = entries[i - 1];
    varint(previous && e.offset === previous.offset + previous.length ? 0 : e.offset + 1, out);
  });
  return gzipSync(Buffer.from(out));
}

/** The root must fit with the header in the first 16 KiB, which readers fetch at once. */
const ROOT_MAX = 16_384 - 127;

/** A root directory, and the leaf directories it points to when the tiles do not fit in it. */
function directories(entries: Entry[]): { root: Buffer; leaves: Buffer } {
  const root = directory(entries);
  if (root.length <= ROOT_MAX) return { root, leaves: Buffer.alloc(0) };
  for (let perLeaf = 4096; ; perLeaf *= 2) {
    const leaves: Buffer[] = [];
    const pointers: Entry[] = [];
    let offset = 0;
    for (let i = 0; i < entries.length; i += perLeaf) {
      const leaf = directory(entries.slice(i, i + perLeaf));
      pointers.push({ tileId: entries[i]!.tileId, offset, length: leaf.length, runLength: 0 });
      leaves.push(leaf);
      offset += leaf.length;
    }
    const top = directory(pointers);
    if (top.length <= ROOT_MAX) return { root: top, leaves: Buffer.concat(leaves) };
  }
}

const GZIP = 2;
const e7 = (degrees: number) => Math.round(degrees * 1e7);

function header(h: Header, sizes: number[], tiles: number, box: Bbox, maxZoom: number): Buffer {
  const out = Buffer.alloc(127);
  out.write('PMTiles', 0, 'latin1');
  out.writeUInt8(3, 7);
  // Root, metadata, leaves, tile data: offsets and lengths, one after another from byte 127.
  let offset = 127;
  sizes.forEach((size, i) => {
    out.writeBigUInt64LE(BigInt(offset), 8 + i * 16);
    out.writeBigUInt64LE(BigInt(size), 16 + i * 16);
    offset += size;
  });
  for (const at of [72, 80, 88]) out.writeBigUInt64LE(BigInt(tiles), at);
  out.writeUInt8(1, 96); // clustered: tiles in id order
  out.writeUInt8(GZIP, 97);
  out.writeUInt8(GZIP, 98);
  out.writeUInt8(h.tileType, 99);
  out.writeUInt8(h.minZoom, 100);
  out.writeUInt8(maxZoom, 101);
  out.writeInt32LE(e7(box.west), 102);
  out.writeInt32LE(e7(box.south), 106);
  out.writeInt32LE(e7(box.east), 110);
  out.writeInt32LE(e7(box.north), 114);
  out.writeUInt8(Math.min(maxZoom, Math.max(h.minZoom, h.centerZoom)), 118);
  out.writeInt32LE(e7((box.west + box.east) / 2), 119);
  out.writeInt32LE(e7((box.south + box.north) / 2), 123);
  return out;
}

/**
 * The archive's tiles inside `box` from its lowest zoom to `maxZoom` (its own deepest by
 * default), with its metadata, as the bytes of a new archive.
 */
export async function extractRegion(
  source: string,
  box: Bbox,
  options: { maxZoom?: number } = {},
): Promise<{ archive: Buffer; tiles: number }> {
  const local = !/^https?:\/\//.test(source);
  const handle = local ? await open(source, 'r') : null;
  try {
    const reader = new PMTiles(handle ? new FileRangeSource(handle, source) : source);
    const h = await reader.getHeader();
    if (h.specVersion !== 3) throw new Error(`${source} is not a PMTiles v3 archive.`);
    const maxZoom = Math.min(h.maxZoom, options.maxZoom ?? h.maxZoom);
    const found: { tileId: number; data: Buffer }[] = [];
    for (let z = h.minZoom; z <= maxZoom; z++) {
      for (let x = tileX(box.west, z); x <= tileX(box.east, z); x++) {
        for (let y = tileY(box.north, z); y <= tileY(box.south, z); y++) {
          const tile = await reader.getZxy(z, x, y);
          if (tile) found.push({ tileId: zxyToTileId(z, x, y), data: gzipSync(tile.data) });
        }
      }
    }
    found.sort((a, b) => a.tileId - b.tileId);
    let offset = 0;
    const entries = found.map(({ tileId, data }) => {
      const entry = { tileId, offset, length: data.length, runLength: 1 };
      offset += data.length;
      return entry;
    });
    const { root, leaves } = directories(entries);
    const metadata = gzipSync(JSON.stringify((await reader.getMetadata()) ?? {}));
    const data = Buffer.concat(found.map((t) => t.data));
    const sizes = [root.length, metadata.length, leaves.length, data.length];
    return {
      archive: Buffer.concat([
        header(h, sizes, found.length, box, maxZoom),
        root,
        metadata,
        leaves,
        data,
      ]),
      tiles: found.length,
    };
  } finally {
    await handle?.close();
  }
}

/** "west,south,east,north" in degrees, or a message saying what is wrong. */
export function parseBbox(text: string): Bbox | string {
  const parts = text.split(',').map((p) => Number(p.trim()));
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) {
    return '--bbox must be four numbers: west,south,east,north (degrees)';
  }
  const [west, south, east, north] = parts as [number, number, number, number];
  if (west < -180 || east > 180 || south < -90 || north > 90) {
    return '--bbox is outside -180..180 longitude, -90..90 latitude';
  }
  if (west >= east || south >= north) return '--bbox must have west < east and south < north';
  return { west, south, east, north };
}
