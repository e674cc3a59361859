export interface PhotoLocation {
  latitude: number;
  longitude: number;
}

const GPS_IFD_POINTER = 0x8825;
const TYPE_ASCII = 2;
const TYPE_RATIONAL = 5;

/**
 * The GPS position in a photo's EXIF block (as sharp's metadata() returns it: "Exif\0\0" then a
 * TIFF structure). Read only to suggest a pin to the uploader; it is never stored or served.
 * Anything malformed or out of range gives null rather than a wrong spot.
 */
export function readExifGps(exif: Buffer | undefined): PhotoLocation | null {
  if (!exif) return null;
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  try {
    return parse(tiff);
  } catch {
    return null;
  }
}

function parse(tiff: Buffer): PhotoLocation | null {
  const order = tiff.subarray(0, 2).toString('latin1');
  if (order !== 'II' && order !== 'MM') return null;
  const le = order === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return null;

  const entries = (ifd: number) => {
    const count = u16(ifd);
    return Array.from({ length: count }, (_, i) => {
      const at = ifd + 2 + i * 12;
      return { tag: u16(at), type: u16(at + 2), count: u32(at + 4), valueAt: at + 8 };
    });
  };

  const gpsPointer = entries(u32(4)).find((e) => e.tag === GPS_IFD_POINTER);
  if (!gpsPointer) return null;
  const gps = new Map(entries(u32(gpsPointer.valueAt)).map((e) => [e.tag, e]));

  const ref = (tag: number) => {
    const e = gps.get(tag);
    return e?.type === TYPE_ASCII ? String.fromCharCode(tiff[e.valueAt]!) : null;
  };
  const degrees = (tag: number) => {
    const e = gps.get(tag);
    if (e?.type !== TYPE_RATIONAL || e.count !== 3) return null;
    const at = u32(e.valueAt);
    const [d, m, s] = [0, 1, 2].map((i) => {
      const den = u32(at + i * 8 + 4);
      return den === 0 ? NaN : u32(at + i * 8) / den;
    }) as [number, number, number];
    return d + m / 60 + s / 3600;
  };

  const lat = degrees(2);
  const lng = degrees(4);
  const latRef = ref(1);
  const lngRef = ref(3);
  if (lat === null || lng === null || !latRef || !lngRef) return null;
  const latitude = latRef === 'S' ? -lat : lat;
  const longitude = lngRef === 'W' ? -lng : lng;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  // A camera without a fix often writes 0,0: that is no location, not the Gulf of Guinea.
  if (latitude === 0 && longitude === 0) return null;
  return { latitude: round6(latitude), longitude: round6(longitude) };
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
