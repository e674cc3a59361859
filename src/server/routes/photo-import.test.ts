import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletedUpload } from '../../core/schemas/objects.ts';
import { uploadPhoto, type Player, type TestApp } from '../../../test/app.ts';
import { phoneJpeg, uniquePhoto } from '../../../test/images.ts';
import { startPhotoHost } from '../../../test/photo-host.ts';
import { appOnStore, storesUnderTest } from '../../../test/s3-server.ts';
import { objects } from '../db/schema.ts';

/**
 * A photo from a link is fetched by the server and then checked and processed like any upload,
 * on both stores. The image host is a local server the app may reach only because the test
 * lists it (PHOTO_IMPORT_TEST_ORIGINS).
 */

const host = await startPhotoHost();
afterAll(() => host.close());

const MB = 1_048_576;
const withGps = await phoneJpeg({ latitude: -27.470094, longitude: 153.025 });
host.file('/mural.jpg', withGps, 'image/jpeg');
host.file('/no-gps.png', uniquePhoto(), 'image/png');
host.file('/page.html', Buffer.from('<!doctype html><p>hello</p>'), 'text/html; charset=utf-8');
host.file('/fake.jpg', Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/jpeg');
const big = Buffer.concat([withGps, Buffer.alloc(10 * MB)]);
host.file('/big.jpg', big, 'image/jpeg');
host.file('/big-chunked.jpg', big, 'image/jpeg', { chunked: true });
host.file('/six-mb.jpg', Buffer.concat([withGps, Buffer.alloc(6 * MB)]), 'image/jpeg');

describe.each(storesUnderTest())('photos from a link on the $name store', (store) => {
  const ctx = appOnStore(store, { photoImportTestOrigins: [host.origin] });
  let t: TestApp;
  let alice: Player;
  beforeAll(() => {
    ({ t, alice } = ctx);
  });

  const importLink = (player: Player, url: unknown, purpose?: unknown) =>
    player.request({ method: 'POST', url: '/api/objects/import', payload: { url, purpose } });

  /** The photos recorded and the raw bytes still staged: a refusal leaves both as they were. */
  const stored = async () => {
    const staged: string[] = [];
    for await (const id of t.app.objectStore.list('staging')) staged.push(id);
    return { objects: (await t.db.select().from(objects)).length, staged };
  };

  it('imports a photo: processed like an upload, its GPS offered, served without metadata', async () => {
    const res = await importLink(alice, `${host.origin}/mural.jpg`);
    expect(res.statusCode).toBe(200);
    const photo = res.json<CompletedUpload>();
    expect(photo.location?.latitude).toBeCloseTo(-27.470094, 5);
    expect(photo.location?.longitude).toBeCloseTo(153.025, 5);
    // Upright, as a direct upload of the same phone photo.
    expect([photo.width, photo.height]).toEqual([320, 360]);
    const served = await t.app.inject({ url: photo.objectURL });
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    expect(served.rawPayload.toString('latin1')).not.toContain('StreetCam');

    // The photo is the player's to document, like one they uploaded.
    const saved = await alice.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: { name: 'Koi from a link', imageUrl: photo.objectURL, ...photo.location },
    });
    expect(saved.statusCode).toBe(201);
  });

  it('a photo without GPS comes without a location, as an upload does', async () => {
    const res = await importLink(alice, `${host.origin}/no-gps.png`, 'gallery');
    expect(res.statusCode).toBe(200);
    expect(res.json<CompletedUpload>().location).toBeNull();
  });

  it('a photo already documented is refused with 409, keeping nothing', async () => {
    const photo = uniquePhoto();
    const imageUrl = await uploadPhoto(alice, 'discovery', photo);
    const first = await alice.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: { name: 'First', imageUrl, latitude: -27.47, longitude: 153.02 },
    });
    expect(first.statusCode).toBe(201);
    host.file('/copy.png', photo, 'image/png');
    const before = await stored();
    const res = await importLink(alice, `${host.origin}/copy.png`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This photo has already been documented' });
    expect(await stored()).toEqual(before);
  });

  it.each([
    ['a web page', '/page.html', 415, 'That link leads to text/html, not a photo.'],
    ['markup served as a JPEG', '/fake.jpg', 415, 'Only JPEG, PNG, WebP, GIF, AVIF or HEIC'],
    ['an 11 MB photo', '/big.jpg', 413, 'The photo is larger than 10 MB.'],
    ['an 11 MB photo without a length', '/big-chunked.jpg', 413, 'larger than 10 MB'],
    ['a missing photo', '/gone.jpg', 400, 'The link answered 404, not a photo.'],
  ])('refuses %s, keeping nothing', async (_, path, status, message) => {
    const before = await stored();
    const res = await importLink(alice, `${host.origin}${path}`);
    expect(res.statusCode).toBe(status);
    expect(res.json<{ message: string }>().message).toContain(message);
    expect(await stored()).toEqual(before);
  });

  it('holds a profile picture to 5 MB', async () => {
    const res = await importLink(alice, `${host.origin}/six-mb.jpg`, 'profile');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The photo is larger than 5 MB.' });
  });
});
