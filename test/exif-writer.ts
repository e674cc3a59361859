/**
 * A small EXIF (TIFF) writer for tests: GPS positions in each rational form phones write, and
 * JPEG segments (APP1, APP13, COM) slipped into a real JPEG, so the readers and checks are
 * tested on bytes no library of ours produced.
 */

const BYTE = 1;
const ASCII = 2;
const LONG = 4;
const RATIONAL = 5;
const SRATIONAL = 10;

export interface Field {
  tag: number;
  type: number;
  /** Numbers for BYTE/LONG, a string for ASCII, [numerator, denominator] pairs for rationals. */
  value: number[] | string | [number, number][];
}

/**
 * How the degrees are written:
 * - `dms`: three RATIONALs, degrees, minutes, seconds (most cameras and phones);
 * - `degrees-minutes`: three RATIONALs, degrees, decimal minutes, 0 seconds (some phones);
 * - `decimal`: one RATIONAL of decimal degrees;
 * - `signed`: three SRATIONALs, negative in the south and west, with the reference letter too.
 */
export type GpsForm = 'dms' | 'degrees-minutes' | 'decimal' | 'signed';
export const GPS_FORMS: GpsForm[] = ['dms', 'degrees-minutes', 'decimal', 'signed'];

function degrees(value: number, form: GpsForm): [number, number][] {
  const abs = Math.abs(value);
  const d = Math.floor(abs);
  const minutes = (abs - d) * 60;
  const m = Math.floor(minutes);
  const seconds = (minutes - m) * 60;
  switch (form) {
    case 'dms':
      return [
        [d, 1],
        [m, 1],
        [Math.round(seconds * 10_000), 10_000],
      ];
    case 'degrees-minutes':
      return [
        [d, 1],
        [Math.round(minutes * 1_000_000), 1_000_000],
        [0, 1],
      ];
    case 'decimal':
      return [[Math.round(abs * 10_000_000), 10_000_000]];
    case 'signed': {
      const sign = value < 0 ? -1 : 1;
      return degrees(abs, 'dms').map(([n, den]) => [sign * n, den]);
    }
  }
}

/** The GPS IFD entries for a position, in one of the forms above. */
export function gpsFields(latitude: number, longitude: number, form: GpsForm): Field[] {
  const type = form === 'signed' ? SRATIONAL : RATIONAL;
  return [
    { tag: 0x0000, type: BYTE, value: [2, 3, 0, 0] },
    { tag: 0x0001, type: ASCII, value: latitude < 0 ? 'S' : 'N' },
    { tag: 0x0002, type, value: degrees(latitude, form) },
    { tag: 0x0003, type: ASCII, value: longitude < 0 ? 'W' : 'E' },
    { tag: 0x0004, type, value: degrees(longitude, form) },
  ];
}

const SIZE: Record<number, number> = {
  [BYTE]: 1,
  [ASCII]: 1,
  [LONG]: 4,
  [RATIONAL]: 8,
  [SRATIONAL]: 8,
};

function encodeValue(field: Field, bigEndian: boolean): Buffer {
  const { type, value } = field;
  if (type === ASCII) return Buffer.from(`${value as string}\0`, 'latin1');
  if (type === BYTE) return Buffer.from(value as number[]);
  const numbers = type === LONG ? (value as number[]) : (value as [number, number][]).flat();
  const out = Buffer.alloc(4 * numbers.length);
  const write =
    type === SRATIONAL
      ? bigEndian
        ? out.writeInt32BE
        : out.writeInt32LE
      : bigEndian
        ? out.writeUInt32BE
        : out.writeUInt32LE;
  numbers.forEach((n, i) => write.call(out, n, i * 4));
  return out;
}

/**
 * A TIFF structure with IFD0 (the given fields plus a pointer to the GPS IFD) and the GPS IFD,
 * values over four bytes placed after both directories, as the EXIF standard lays them out.
 */
export function tiff(ifd0: Field[], gps: Field[], { bigEndian = false } = {}): Buffer {
  const u16 = (n: number) => {
    const b = Buffer.alloc(2);
    if (bigEndian) b.writeUInt16BE(n);
    else b.writeUInt16LE(n);
    return b;
  };
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    if (bigEndian) b.writeUInt32BE(n);
    else b.writeUInt32LE(n);
    return b;
  };
  const ifdSize = (count: number) => 2 + count * 12 + 4;
  const gpsAt = 8 + ifdSize(ifd0.length + 1);
  let dataAt = gpsAt + ifdSize(gps.length);
  const data: Buffer[] = [];

  const directory = (fields: Field[]) => {
    const sorted = [...fields].sort((a, b) => a.tag - b.tag);
    const entries = sorted.map((field) => {
      const bytes = encodeValue(field, bigEndian);
      const count = field.type === ASCII ? bytes.length : bytes.length / SIZE[field.type]!;
      let slot: Buffer;
      if (bytes.length <= 4) slot = Buffer.concat([bytes, Buffer.alloc(4 - bytes.length)]);
      else {
        slot = u32(dataAt);
        data.push(bytes);
        dataAt += bytes.length;
      }
      return Buffer.concat([u16(field.tag), u16(field.type), u32(count), slot]);
    });
    return Buffer.concat([u16(sorted.length), ...entries, u32(0)]);
  };

  const pointer: Field = { tag: 0x8825, type: LONG, value: [gpsAt] };
  return Buffer.concat([
    Buffer.from(bigEndian ? 'MM' : 'II', 'latin1'),
    u16(42),
    u32(8),
    directory([...ifd0, pointer]),
    directory(gps),
    ...data,
  ]);
}

/** An EXIF block with a camera name and a GPS position, as JPEG's APP1 carries it. */
export function gpsExif(
  latitude: number,
  longitude: number,
  form: GpsForm,
  options: { bigEndian?: boolean } = {},
): Buffer {
  const ifd0: Field[] = [{ tag: 0x010f, type: ASCII, value: 'StreetCam' }];
  return Buffer.concat([
    Buffer.from('Exif\0\0', 'latin1'),
    tiff(ifd0, gpsFields(latitude, longitude, form), options),
  ]);
}

/** One JPEG marker segment: FF, the marker, a two-byte length, the payload. */
export function jpegSegment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

export const APP1 = 0xe1;
export const APP13 = 0xed;
export const COM = 0xfe;

/** The JPEG with the segments placed right after its start-of-image marker. */
export function withSegments(jpeg: Buffer, ...segments: Buffer[]): Buffer {
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

/** An XMP packet as Photoshop writes it, with the usual whitespace padding for in-place edits. */
export const PHOTOSHOP_XMP = [
  '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
  '<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 9.1-c002 79.a1cd12f, 2024/11/11">',
  ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
  '  <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"',
  '    xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"',
  '   xmp:CreatorTool="Adobe Photoshop 26.2 (Macintosh)" photoshop:ColorMode="3"/>',
  ' </rdf:RDF>',
  '</x:xmpmeta>',
  ' '.repeat(2048),
  '<?xpacket end="w"?>',
].join('\n');

/** Print settings as macOS hands them to Photoshop: an XML property list with a DOCTYPE. */
export const APPLE_PLIST = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
  '<plist version="1.0">',
  '<dict>',
  '\t<key>com.apple.print.PageFormat.PMHorizontalRes</key>',
  '\t<dict><key>com.apple.print.ticket.itemArray</key><array><dict>',
  '\t\t<key>com.apple.print.PageFormat.PMHorizontalRes</key><real>72</real>',
  '\t</dict></array></dict>',
  '</dict>',
  '</plist>',
].join('\n');

/** One Photoshop image resource ("8BIM", id, empty name, size, data padded to even). */
function photoshopResource(id: number, data: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head.write('8BIM', 0, 'latin1');
  head.writeUInt16BE(id, 4);
  head.writeUInt32BE(data.length, 8);
  return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
}

/**
 * A JPEG as a photo editor saves it: EXIF, an XMP packet, and a Photoshop APP13 block whose
 * print-settings resource (id 1001) carries an Apple plist.
 */
export function photoEditorJpeg(jpeg: Buffer): Buffer {
  const xmp = Buffer.from(`http://ns.adobe.com/xap/1.0/\0${PHOTOSHOP_XMP}`, 'utf8');
  const resources = photoshopResource(0x03e9, Buffer.from(APPLE_PLIST, 'utf8'));
  return withSegments(
    jpeg,
    jpegSegment(APP1, gpsExif(52.520008, 13.404954, 'dms')),
    jpegSegment(APP1, xmp),
    jpegSegment(APP13, Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), resources])),
  );
}
