import { readFileSync } from 'node:fs';
import sharp, { type Sharp } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompletedUpload, UploadTicket } from '../../core/schemas/objects.ts';
import { putBytes, uploadPhoto, type Player, type TestApp } from '../../../test/app.ts';
import {
  APP1,
  COM,
  gpsExif,
  jpegSegment,
  photoEditorJpeg,
  withSegments,
} from '../../../test/exif-writer.ts';
import { phoneJpeg, pixelBombPng, uniquePhoto } from '../../../test/images.ts';
import { appOnStore, storesUnderTest } from '../../../test/s3-server.ts';
import { objects, users } from '../db/schema.ts';
import { objectKeys } from '../storage/object-store.ts';
import { eq } from 'drizzle-orm';

const png = () => uniquePhoto();
const jpeg = () => sharp(png()).jpeg().toBuffer();
/** Made by heif-enc (x265) with GPS EXIF; see test/fixtures/photos/README.md. */
const HEIC = new URL('../../../test/fixtures/photos/mural-gps.heic', import.meta.url);
const zipEnd = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);

/** Files that claim to be photos and are not, or are photos carrying something else. */
const REFUSED: [string, () => Buffer | Promise<Buffer>, string][] = [
  ['HTML named .jpg', () => Buffer.from('<!doctype html><script>alert(1)</script>'), 'not a photo'],
  [
    'an SVG with a script',
    () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    'SVG',
  ],
  [
    'an SVG with an XML prolog',
    () => Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'),
    'SVG',
  ],
  [
    'a ZIP named .png',
    () => Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(40), zipEnd]),
    'not a photo',
  ],
  ['a PNG/ZIP polyglot', () => Buffer.concat([png(), Buffer.from('PK\x03\x04'), zipEnd]), 'hides'],
  [
    'a PNG/HTML polyglot',
    () => Buffer.concat([png(), Buffer.from('<script>alert(1)</script>')]),
    'hides',
  ],
  [
    'a JPEG/HTML polyglot in a comment',
    async () => {
      const jpeg = await sharp(png()).jpeg().toBuffer();
      const comment = Buffer.from('<html><body onload=alert(1)>');
      const marker = Buffer.from([0xff, 0xfe, 0, comment.length + 2]);
      return Buffer.concat([jpeg.subarray(0, 2), marker, comment, jpeg.subarray(2)]);
    },
    'hides',
  ],
  [
    'a JPEG with an HTML page after its end',
    async () =>
      Buffer.concat([await jpeg(), Buffer.from('<!doctype html><script>alert(1)</script>')]),
    'hides',
  ],
  [
    'a JPEG starting with markup and hiding a script in a later comment',
    async () =>
      withSegments(
        await jpeg(),
        jpegSegment(COM, Buffer.from('<html><body>')),
        jpegSegment(COM, Buffer.alloc(600, 0x20)),
        jpegSegment(COM, Buffer.from('<script>alert(1)</script>')),
      ),
    'hides',
  ],
  ['a pixel bomb (30000 x 30000)', () => pixelBombPng(), 'too many pixels'],
  [
    'a damaged PNG',
    () => Buffer.concat([png().subarray(0, 40), Buffer.alloc(60, 7)]),
    'could not be read',
  ],
  ['an empty file', () => Buffer.alloc(0), 'empty'],
  ['plain text', () => Buffer.from('just some words, honestly a photo'), 'not a photo'],
];

describe.each(storesUnderTest())('photo checks on the $name store', (store) => {
  const ctx = appOnStore(store);
  let t: TestApp;
  let alice: Player;
  let bob: Player;
  beforeAll(() => {
    ({ t, alice, bob } = ctx);
  });

  async function upload(player: Player, bytes: Buffer, purpose = 'discovery') {
    const ticket = await player.request({
      method: 'POST',
      url: '/api/objects/upload',
      payload: { purpose },
    });
    const link = ticket.json<UploadTicket>();
    const put = await putBytes(player, link.uploadURL, bytes, 'image/jpeg');
    expect(put.statusCode).toBe(200);
    const done = await player.request({ method: 'POST', url: link.completeURL });
    return {
      link,
      status: done.statusCode,
      body: done.json<CompletedUpload & { message: string }>(),
    };
  }

  const objectCount = async () => (await t.db.select().from(objects)).length;

  it.each(REFUSED)(
    'refuses %s with 415 and a clear message, keeping nothing',
    async (_, make, text) => {
      const before = await objectCount();
      const { link, status, body } = await upload(alice, await make());
      expect(status).toBe(415);
      expect(body.message).toContain(text);
      expect(body.message).toContain(
        'Only JPEG, PNG, WebP, GIF, AVIF or HEIC photos can be uploaded.',
      );
      expect(await objectCount()).toBe(before);
      const id = link.objectURL.split('/').pop()!;
      expect(await t.app.objectStore.read(objectKeys.staging(id), 1e8)).toBeNull();
      expect((await t.app.inject({ url: link.objectURL })).statusCode).toBe(404);
    },
  );

  it.each([
    ['JPEG', (s: Sharp) => s.jpeg()],
    ['WebP', (s: Sharp) => s.webp()],
    ['GIF', (s: Sharp) => s.gif()],
    ['AVIF', (s: Sharp) => s.avif()],
  ])('accepts a %s photo', async (_, encode) => {
    const { status } = await upload(alice, await encode(sharp(png())).toBuffer(), 'gallery');
    expect(status).toBe(200);
  });

  it('returns the GPS position as a suggestion and serves files with no EXIF left, upright', async () => {
    const { status, body } = await upload(
      alice,
      await phoneJpeg({ latitude: -27.470094, longitude: 153.025 }),
    );
    expect(status).toBe(200);
    expect(body.location?.latitude).toBeCloseTo(-27.470094, 5);
    expect(body.location?.longitude).toBeCloseTo(153.025, 5);
    // The phone stored 360 x 320 pixels with "turn 90°": shown upright it is 320 x 360.
    expect([body.width, body.height]).toEqual([320, 360]);
    for (const url of [body.objectURL, body.thumbnailURL]) {
      const served = (await t.app.inject({ url })).rawPayload;
      const meta = await sharp(served).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      const text = served.toString('latin1');
      for (const leak of ['Exif', 'StreetCam', 'SN-48151623']) expect(text).not.toContain(leak);
    }
    const thumb = await sharp(
      (await t.app.inject({ url: body.thumbnailURL })).rawPayload,
    ).metadata();
    expect(thumb.width).toBe(200);
  });

  /** Served display and thumbnail: WebP, with none of the given strings left in the bytes. */
  async function expectServedClean(body: CompletedUpload, leaks: string[]) {
    for (const url of [body.objectURL, body.thumbnailURL]) {
      const served = (await t.app.inject({ url })).rawPayload;
      const meta = await sharp(served).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      const text = served.toString('latin1');
      for (const leak of leaks) expect(text).not.toContain(leak);
    }
  }

  it('accepts a HEIC photo: converted to WebP, its GPS offered, its metadata gone', async () => {
    const { status, body } = await upload(alice, readFileSync(HEIC));
    expect(status).toBe(200);
    expect(body.location).toEqual({ latitude: -27.470094, longitude: 153.025 });
    expect([body.width, body.height]).toEqual([480, 360]);
    await expectServedClean(body, ['Exif', 'StreetCam', 'SN-48151623', 'heic']);
  });

  it("accepts a photo editor's JPEG with XML in its metadata, served without it", async () => {
    const { status, body } = await upload(alice, photoEditorJpeg(await jpeg()));
    expect(status).toBe(200);
    expect(body.location).toEqual({ latitude: 52.520008, longitude: 13.404954 });
    await expectServedClean(body, ['plist', 'xmpmeta', 'Photoshop', 'Exif', 'StreetCam']);
  });

  it('reads a GPS position written as signed rationals', async () => {
    const exif = gpsExif(-33.44889, -70.669265, 'signed');
    const { status, body } = await upload(
      alice,
      withSegments(await jpeg(), jpegSegment(APP1, exif)),
    );
    expect(status).toBe(200);
    expect(body.location).toEqual({ latitude: -33.44889, longitude: -70.669265 });
  });

  it('keeps the display rendition within 2048 px', async () => {
    const big = await sharp(png()).resize(3000, 1500, { kernel: 'nearest' }).jpeg().toBuffer();
    const { body } = await upload(alice, big, 'gallery');
    expect([body.width, body.height]).toEqual([2048, 1024]);
    const served = await sharp((await t.app.inject({ url: body.objectURL })).rawPayload).metadata();
    expect([served.width, served.height]).toEqual([2048, 1024]);
  });

  describe('the same photo documented again', () => {
    let original: Buffer;
    beforeAll(async () => {
      original = await phoneJpeg({ seed: 4242 });
      const { body } = await upload(alice, original);
      const res = await alice.request({
        method: 'POST',
        url: '/api/discoveries',
        payload: { name: 'Koi', latitude: -27.47, longitude: 153.02, imageUrl: body.objectURL },
      });
      expect(res.statusCode).toBe(201);
    });

    it.each([
      ['by the same player', () => alice],
      ['by another player', () => bob],
    ])('is refused %s with 409, keeping nothing', async (_, who) => {
      const before = await objectCount();
      for (const purpose of ['discovery', 'graffiti']) {
        const { status, body } = await upload(who(), original, purpose);
        expect(status).toBe(409);
        expect(body.message).toBe('This photo has already been documented');
      }
      expect(await objectCount()).toBe(before);
    });

    it('is refused as a near-copy (resized and re-compressed)', async () => {
      const copy = await sharp(original)
        .rotate()
        .resize({ width: 250 })
        .jpeg({ quality: 55 })
        .toBuffer();
      expect((await upload(bob, copy)).status).toBe(409);
    });

    it('is still fine as a profile picture or gallery art', async () => {
      expect((await upload(alice, original, 'profile')).status).toBe(200);
      expect((await upload(alice, original, 'gallery')).status).toBe(200);
    });

    it('cannot be pinned twice through one upload, and earns nothing the second time', async () => {
      const imageUrl = await uploadPhoto(bob, 'graffiti');
      const payload = { name: 'Twice', latitude: -27.4, longitude: 153, imageUrl };
      const first = await bob.request({
        method: 'POST',
        url: '/api/discoveries/graffiti',
        payload,
      });
      expect(first.statusCode).toBe(201);
      const tokens = async () =>
        (await t.db.select().from(users).where(eq(users.id, bob.id)))[0]!.tokens;
      const before = await tokens();
      for (const url of ['/api/discoveries/graffiti', '/api/discoveries']) {
        const again = await bob.request({ method: 'POST', url, payload });
        expect(again.statusCode).toBe(409);
        expect(again.json().message).toBe('This photo has already been documented');
      }
      expect(await tokens()).toBe(before);
    });
  });

  it.each([
    ['an external URL', () => 'https://evil.example/koi.jpg'],
    ['a look-alike path', () => '/objects/../api/secret'],
  ])('refuses records pointing at %s', async (_, url) => {
    const res = await alice.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: { name: 'Elsewhere', latitude: 1, longitude: 1, imageUrl: url() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('imageUrl');
  });

  it("refuses records pointing at another player's photo or an unprocessed upload", async () => {
    const theirs = await uploadPhoto(bob, 'gallery');
    const ticket = await alice.request({ method: 'POST', url: '/api/objects/upload' });
    const unprocessed = ticket.json<UploadTicket>();
    await putBytes(alice, unprocessed.uploadURL, png());
    for (const imageUrl of [theirs, unprocessed.objectURL]) {
      const art = await alice.request({
        method: 'POST',
        url: '/api/profile/art',
        payload: { title: 'Not mine', imageUrl, artType: 'graffiti' },
      });
      expect(art.statusCode).toBe(400);
      const picture = await alice.request({
        method: 'PUT',
        url: '/api/profile/picture',
        payload: { imageUrl },
      });
      expect(picture.statusCode).toBe(400);
    }
  });
});
