import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletedUpload } from '../../core/schemas/objects.ts';
import { createTestApp, signUp, type Player, type TestApp } from '../../../test/app.ts';
import { startCloudFolders } from '../../../test/cloud-folders.ts';
import { phoneJpeg, uniquePhoto } from '../../../test/images.ts';
import { objects, uploadTokens } from '../db/schema.ts';

/**
 * Photos chosen in Dropbox or Google Drive (docs/decisions/054): fetched from the provider's
 * hosts only (here a local stand-in, PHOTO_PROVIDERS_TEST_ORIGIN) and then checked like any
 * upload; a provider this server does not offer is refused.
 */

const MB = 1_048_576;
const TOKEN = 'ya29.a0-players-drive-file-token';
const cloud = await startCloudFolders();
const withGps = await phoneJpeg({ latitude: -27.470094, longitude: 153.025 });
const dropboxMural = cloud.dropboxFile('mural.jpg', withGps, 'image/jpeg');
const dropboxNoGps = cloud.dropboxFile('no-gps.png', uniquePhoto(), 'image/png');
const dropboxPage = cloud.dropboxFile('notes.html', Buffer.from('<p>hello</p>'), 'text/html');
const dropboxFake = cloud.dropboxFile('fake.jpg', Buffer.from('<script>1</script>'), 'image/jpeg');
const dropboxBig = cloud.dropboxFile(
  'big.jpg',
  Buffer.concat([withGps, Buffer.alloc(10 * MB)]),
  'image/jpeg',
);
cloud.driveFile('1AbCdEfGhIjKlMnOp', TOKEN, await phoneJpeg({ seed: 7 }), 'image/jpeg');
cloud.driveFile('1NoGpsNoGpsNoGps', TOKEN, uniquePhoto(), 'image/png');
cloud.driveFile('1PdfPdfPdfPdfPdf', TOKEN, Buffer.from('%PDF-1.7'), 'application/pdf');
cloud.driveFile('1BigBigBigBigBig', TOKEN, Buffer.alloc(11 * MB), 'image/jpeg');

let t: TestApp;
let off: TestApp;
let alice: Player;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    config: {
      photoProviders: {
        dropbox: { appKey: 'e2e-dropbox-key' },
        googleDrive: {
          clientId: '1234-e2e.apps.googleusercontent.com',
          apiKey: 'k',
          appId: '1234',
        },
        testOrigin: cloud.origin,
      },
    },
  });
  off = await createTestApp({ seed: false });
  alice = await signUp(t.app);
});
afterAll(async () => {
  await t?.close();
  await off?.close();
  await cloud.close();
});

const fromCloud = (player: Player, payload: unknown) =>
  player.request({
    method: 'POST',
    url: '/api/objects/import/provider',
    payload: payload as object,
  });

/** Photos, upload links and staged bytes: a refusal adds none of them. */
async function stored(app = t) {
  const staged: string[] = [];
  for await (const id of app.app.objectStore.list('staging')) staged.push(id);
  return {
    objects: (await app.db.select().from(objects)).length,
    links: (await app.db.select().from(uploadTokens)).length,
    staged,
  };
}

/**
 * A refused request adds nothing; a photo refused by the upload's own checks leaves its upload
 * link, used, as a refused direct upload does.
 */
async function expectRefused(
  payload: unknown,
  status: number,
  message: string | RegExp,
  checked = false,
) {
  const before = await stored();
  const hits = cloud.hits.length;
  const res = await fromCloud(alice, payload);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ message: string }>().message).toMatch(message);
  const links = before.links + (checked ? 1 : 0);
  expect(await stored()).toEqual({ ...before, links });
  return cloud.hits.slice(hits);
}

describe('Dropbox', () => {
  it("imports the Chooser's direct link like an upload: GPS offered, then documented", async () => {
    const res = await fromCloud(alice, { provider: 'dropbox', link: dropboxMural });
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json<CompletedUpload>();
    expect(photo.location?.latitude).toBeCloseTo(-27.470094, 5);
    expect(photo.objectURL).toMatch(/^\/objects\//);
    const saved = await alice.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: { name: 'Koi from Dropbox', imageUrl: photo.objectURL, ...photo.location },
    });
    expect(saved.statusCode).toBe(201);
  });

  it('a photo without GPS comes without a location, as an upload does', async () => {
    const res = await fromCloud(alice, { provider: 'dropbox', link: dropboxNoGps });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CompletedUpload>().location).toBeNull();
  });

  it.each([
    ['a web page', dropboxPage, 415, 'That link leads to text/html, not a photo.', false],
    ['markup served as a JPEG', dropboxFake, 415, /Only JPEG, PNG, WebP, GIF, AVIF/, true],
    ['an 11 MB photo', dropboxBig, 413, 'The photo is larger than 10 MB.', false],
  ])(
    'refuses %s as an upload would, keeping no photo',
    async (_, link, status, message, checked) => {
      await expectRefused({ provider: 'dropbox', link }, status, message, checked);
    },
  );

  it.each([
    'https://example.com/mural.jpg',
    'https://www.dropbox.com/s/abc/mural.jpg?dl=0',
    'https://dropboxusercontent.com.example.com/mural.jpg',
    'http://dl.dropboxusercontent.com/1/view/abc/mural.jpg',
    'http://169.254.169.254/latest/meta-data/',
    'not a link',
  ])('refuses a link off Dropbox: %s, reaching nothing', async (link) => {
    const hits = await expectRefused(
      { provider: 'dropbox', link },
      400,
      /must be a file link from the Dropbox Chooser|must be an http or https link/,
    );
    expect(hits).toEqual([]);
  });

  it('refuses a redirect off Dropbox, without following it', async () => {
    cloud.redirect('/dropbox/elsewhere.jpg', 'https://example.com/mural.jpg');
    const hits = await expectRefused(
      { provider: 'dropbox', link: `${cloud.origin}/dropbox/elsewhere.jpg` },
      400,
      'must be a file link from the Dropbox Chooser',
    );
    expect(hits.map((h) => h.path)).toEqual(['/dropbox/elsewhere.jpg']);
  });
});

describe('Google Drive', () => {
  const drive = (fileId: string, accessToken = TOKEN) => ({
    provider: 'google-drive',
    fileId,
    accessToken,
  });

  it("downloads the chosen file with the player's token and checks it like an upload", async () => {
    const hits = cloud.hits.length;
    const res = await fromCloud(alice, drive('1AbCdEfGhIjKlMnOp'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CompletedUpload>().location?.latitude).toBeCloseTo(-27.470094, 5);
    expect(cloud.hits.slice(hits)).toEqual([
      { path: '/drive/v3/files/1AbCdEfGhIjKlMnOp?alt=media', authorization: `Bearer ${TOKEN}` },
    ]);
  });

  it('a photo without GPS comes without a location', async () => {
    const res = await fromCloud(alice, drive('1NoGpsNoGpsNoGps'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CompletedUpload>().location).toBeNull();
  });

  it.each([
    ['a PDF', '1PdfPdfPdfPdfPdf', 415, 'That link leads to application/pdf, not a photo.'],
    ['an 11 MB photo', '1BigBigBigBigBig', 413, 'The photo is larger than 10 MB.'],
  ])('refuses %s as an upload would, keeping nothing', async (_, fileId, status, message) => {
    await expectRefused(drive(fileId), status, message);
  });

  it('answers a token Drive refuses with a clear 400 that does not repeat it', async () => {
    const res = await fromCloud(alice, drive('1AbCdEfGhIjKlMnOp', 'expired-token'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Google Drive did not accept the sign-in for that photo. Please choose it again.',
    });
    expect(res.body).not.toContain('expired-token');
  });

  it('answers a file the token may not read, or none, with 400', async () => {
    for (const payload of [
      drive('1AbCdEfGhIjKlMnOp', 'ya29.someone-elses-token'),
      drive('1MissingMissingMissing'),
    ]) {
      await expectRefused(payload, 400, 'Google Drive did not let us read that photo.');
    }
  });

  it('refuses a download Drive sends off its hosts, without following it', async () => {
    cloud.redirect('/drive/v3/files/1MovedMovedMoved', 'https://example.com/mural.jpg');
    const hits = await expectRefused(
      drive('1MovedMovedMoved'),
      400,
      'Google Drive sent that photo somewhere we do not fetch from.',
    );
    expect(hits).toHaveLength(1);
  });
});

describe('refusals', () => {
  it.each([
    ['no provider', {}, /provider/],
    ['an unknown provider', { provider: 'onedrive', link: dropboxMural }, /provider/],
    ['Dropbox without a link', { provider: 'dropbox' }, /link/],
    ['a link that is a number', { provider: 'dropbox', link: 42 }, /link/],
    [
      'a link too long',
      { provider: 'dropbox', link: `${dropboxMural}?${'a'.repeat(2100)}` },
      /link/,
    ],
    [
      'Drive without a token',
      { provider: 'google-drive', fileId: '1AbCdEfGhIjKlMnOp' },
      /accessToken/,
    ],
    ['Drive without a file', { provider: 'google-drive', accessToken: TOKEN }, /fileId/],
    [
      'a file id with a path',
      { provider: 'google-drive', fileId: '../../about', accessToken: TOKEN },
      /fileId/,
    ],
    [
      'a token with a line break',
      { provider: 'google-drive', fileId: '1AbCdEfGhIjKlMnOp', accessToken: `${TOKEN}\r\nx: y` },
      /accessToken/,
    ],
    [
      'a token that is a number',
      { provider: 'google-drive', fileId: '1AbCdEfGhIjKlMnOp', accessToken: 42 },
      /accessToken/,
    ],
    [
      'an unknown purpose',
      { provider: 'dropbox', link: dropboxMural, purpose: 'selfie' },
      /purpose/,
    ],
  ])('refuses %s with 400, reaching nothing', async (_, payload, message) => {
    expect(await expectRefused(payload, 400, message)).toEqual([]);
  });

  it('refuses a signed-out request with 401, fetching nothing', async () => {
    const hits = cloud.hits.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/objects/import/provider',
      payload: { provider: 'dropbox', link: dropboxMural },
    });
    expect(res.statusCode).toBe(401);
    expect(cloud.hits.length).toBe(hits);
  });

  it('refuses both providers with 403 where their keys are not set, and offers neither', async () => {
    const bob = await signUp(off.app);
    const hits = cloud.hits.length;
    const before = await stored(off);
    for (const [payload, name] of [
      [{ provider: 'dropbox', link: dropboxMural }, 'Dropbox'],
      [
        { provider: 'google-drive', fileId: '1AbCdEfGhIjKlMnOp', accessToken: TOKEN },
        'Google Drive',
      ],
    ] as const) {
      const res = await fromCloud(bob, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: `Photos from ${name} are not offered on this server.`,
      });
    }
    expect(cloud.hits.length).toBe(hits);
    expect(await stored(off)).toEqual(before);
    const config = await off.app.inject({ url: '/api/config' });
    expect(config.json().uploads.providers).toEqual({ dropbox: null, googleDrive: null });
  });
});

describe('the page', () => {
  it('tells the client which providers are offered, and lets their scripts and popups in', async () => {
    const config = await t.app.inject({ url: '/api/config' });
    expect(config.json().uploads.providers).toEqual({
      dropbox: { appKey: 'e2e-dropbox-key' },
      googleDrive: { clientId: '1234-e2e.apps.googleusercontent.com', apiKey: 'k', appId: '1234' },
    });
    const on = await t.app.inject({ url: '/healthz' });
    const csp = String(on.headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*https:\/\/www\.dropbox\.com/);
    expect(csp).toMatch(/script-src [^;]*https:\/\/apis\.google\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/docs\.google\.com/);
    expect(on.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');

    const plain = await off.app.inject({ url: '/healthz' });
    expect(String(plain.headers['content-security-policy'])).not.toMatch(/dropbox|google\.com/);
    expect(plain.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});
