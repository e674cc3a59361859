import exifr from 'exifr';

export interface PhotoLocation {
  latitude: number;
  longitude: number;
}

const LATITUDE_REF = 0x0001;
const LATITUDE = 0x0002;
const LONGITUDE_REF = 0x0003;
const LONGITUDE = 0x0004;

/**
 * Only the four GPS position tags: no other block or tag is parsed. (exifr's types say ifd0
 * cannot be false; its own gps() sets it so, reading IFD0 for the GPS pointer alone.)
 */
const GPS_ONLY = {
  ifd0: false,
  ifd1: false,
  exif: false,
  interop: false,
  xmp: false,
  icc: false,
  iptc: false,
  jfif: false,
  ihdr: false,
  gps: [LATITUDE_REF, LATITUDE, LONGITUDE_REF, LONGITUDE],
  translateKeys: false,
  translateValues: false,
  reviveValues: false,
  mergeOutput: false,
} as unknown as Parameters<typeof exifr.parse>[1];

/**
 * The GPS position in a photo's EXIF block, as libvips extracts it from JPEG, PNG, WebP and HEIF
 * alike (a TIFF structure, after "Exif\0\0" in JPEG). Read only to suggest a pin to the uploader;
 * it is never stored or served. Anything malformed or out of range gives null rather than a
 * wrong spot.
 */
export async function readExifGps(exif: Buffer | undefined): Promise<PhotoLocation | null> {
  if (!exif) return null;
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  let gps: Record<number, unknown> | undefined;
  try {
    gps = ((await exifr.parse(tiff, GPS_ONLY)) as { gps?: Record<number, unknown> } | undefined)
      ?.gps;
  } catch {
    return null;
  }
  if (!gps) return null;
  const latitude = coordinate(gps[LATITUDE], gps[LATITUDE_REF], 'N', 'S');
  const longitude = coordinate(gps[LONGITUDE], gps[LONGITUDE_REF], 'E', 'W');
  if (latitude === null || longitude === null) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  // A camera without a fix often writes 0,0: that is no location, not the Gulf of Guinea.
  if (latitude === 0 && longitude === 0) return null;
  return { latitude: round6(latitude), longitude: round6(longitude) };
}

/**
 * Degrees from any form phones write: degrees, minutes and seconds; degrees and decimal minutes
 * (seconds 0 or absent); or one decimal-degrees value. Signed rationals may carry the hemisphere
 * in their sign as well as in the reference letter; either one saying south or west counts.
 */
function coordinate(value: unknown, ref: unknown, positive: string, negative: string) {
  if (ref !== positive && ref !== negative) return null;
  const parts = typeof value === 'number' ? [value] : Array.isArray(value) ? value : [];
  if (parts.length === 0 || parts.length > 3) return null;
  if (!parts.every((part) => typeof part === 'number' && Number.isFinite(part))) return null;
  const [degrees = 0, minutes = 0, seconds = 0] = (parts as number[]).map(Math.abs);
  const magnitude = degrees + minutes / 60 + seconds / 3600;
  const isNegative = ref === negative || (parts as number[]).some((part) => part < 0);
  return isNegative ? -magnitude : magnitude;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
