import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  APP1,
  GPS_FORMS,
  gpsExif,
  gpsFields,
  jpegSegment,
  tiff,
  withSegments,
  type Field,
} from '../../../test/exif-writer.ts';
import { readExifGps } from './exif-gps.ts';
import { processPhoto } from './process.ts';

const PLACES = [
  ['Brisbane (south, east)', -27.470094, 153.025],
  ['Paris (north, east)', 48.85837, 2.294481],
  ['Santiago (south, west)', -33.44889, -70.669265],
  ['New York (north, west)', 40.748817, -73.985428],
] as const;

const plainJpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#ff2d95' } })
    .jpeg()
    .toBuffer();

describe('GPS read from a real JPEG', () => {
  describe.each(PLACES)('%s', (_, latitude, longitude) => {
    it.each(GPS_FORMS.flatMap((form) => [false, true].map((bigEndian) => [form, bigEndian])))(
      'written as %s (big-endian: %s) gives the same position',
      async (form, bigEndian) => {
        const exif = gpsExif(latitude, longitude, form as (typeof GPS_FORMS)[number], {
          bigEndian: bigEndian as boolean,
        });
        const photo = await processPhoto(withSegments(await plainJpeg(), jpegSegment(APP1, exif)));
        expect(photo.location).toEqual({ latitude, longitude });
      },
    );
  });

  it('gives nothing for a photo without EXIF', async () => {
    expect((await processPhoto(await plainJpeg())).location).toBeNull();
  });
});

describe('readExifGps on malformed or meaningless blocks', () => {
  const block = (change: (fields: Field[]) => Field[]) =>
    Buffer.concat([
      Buffer.from('Exif\0\0', 'latin1'),
      tiff([], change(gpsFields(-27.470094, 153.025, 'dms'))),
    ]);
  const withTag = (tag: number, value: Field['value']) => (fields: Field[]) =>
    fields.map((f) => (f.tag === tag ? { ...f, value } : f));

  it('reads a block with or without the JPEG "Exif" prefix', async () => {
    const exif = block((f) => f);
    expect(await readExifGps(exif)).toEqual({ latitude: -27.470094, longitude: 153.025 });
    expect(await readExifGps(exif.subarray(6))).toEqual({
      latitude: -27.470094,
      longitude: 153.025,
    });
  });

  it.each([
    ['no block', () => undefined],
    ['an empty block', () => Buffer.alloc(0)],
    ['random bytes', () => Buffer.from('not a tiff structure at all, just words')],
    ['a truncated block', () => block((f) => f).subarray(0, 40)],
    ['0, 0 (a camera without a fix)', () => gpsExif(0, 0, 'dms')],
    [
      'a latitude over 90°',
      () =>
        block(
          withTag(0x0002, [
            [95, 1],
            [0, 1],
            [0, 1],
          ]),
        ),
    ],
    [
      'a zero denominator',
      () =>
        block(
          withTag(0x0002, [
            [27, 0],
            [28, 1],
            [12, 1],
          ]),
        ),
    ],
    ['no hemisphere letter', () => block((f) => f.filter((field) => field.tag !== 0x0001))],
    ['a hemisphere letter that is not one', () => block(withTag(0x0001, 'Q'))],
    [
      'four numbers for one angle',
      () =>
        block(
          withTag(0x0004, [
            [153, 1],
            [1, 1],
            [30, 1],
            [0, 1],
          ]),
        ),
    ],
    ['no longitude', () => block((f) => f.filter((field) => field.tag !== 0x0004))],
  ])('gives null for %s', async (_, make) => {
    expect(await readExifGps(make())).toBeNull();
  });
});
