import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startCloudFolders, type CloudFolders } from '../test/cloud-folders.ts';
import { phoneJpeg } from '../test/images.ts';
import { startServer, type ServerProcess } from '../test/server-process.ts';
import {
  expect,
  expectNoSeriousAxeViolations,
  screenshots,
  signUp,
  test,
  toasts,
  SIGNED_IN,
} from './fixtures.ts';
import { PHOTO_SPOT, freshSeed } from './photo-files.ts';

/**
 * Photos from Dropbox and Google Drive (docs/decisions/054): on a server of this spec's own with
 * both providers' keys, the providers' scripts are stand-ins served to the page (a Chooser and a
 * Picker that choose at once) and their file hosts a local server (PHOTO_PROVIDERS_TEST_ORIGIN).
 * The player picks, the server fetches and checks, and the photo pays for a discovery.
 */

const DROPBOX_KEY = 'e2e-dropbox-app-key';
const CLIENT_ID = '271828-streetscope-e2e.apps.googleusercontent.com';
const API_KEY = 'AIza-e2e-picker-key';
const TOKEN = 'ya29.e2e-drive-file-token';
const DRIVE_FILE = '1KoiOnFishLaneDrive';

/** Dropbox's drop-in: its `choose` records what it was asked and picks `link` at once. */
const dropinsStandIn = (link: string) => `
  window.Dropbox = {
    choose(options) {
      window.chooserAsked = {
        appKey: document.getElementById('dropboxjs').dataset.appKey,
        linkType: options.linkType, multiselect: options.multiselect, extensions: options.extensions,
      };
      setTimeout(() => options.success([{ link: ${JSON.stringify(link)}, name: 'koi.jpg', bytes: 1 }]));
    },
  };`;

/** Google's API loader, whose Picker picks DRIVE_FILE at once once shown. */
const googleApiStandIn = `
  window.google = window.google || {};
  window.gapi = { load(name, done) {
    const Action = { PICKED: 'picked', CANCEL: 'cancel', LOADED: 'loaded', ERROR: 'error' };
    class DocsView { constructor(id) { this.id = id; } setIncludeFolders() { return this; } }
    class PickerBuilder {
      addView(view) { this.view = view.id; return this; }
      setOAuthToken(token) { this.token = token; return this; }
      setDeveloperKey(key) { this.key = key; return this; }
      setAppId(appId) { this.appId = appId; return this; }
      setCallback(callback) { this.callback = callback; return this; }
      build() {
        const asked = this;
        return { dispose() {}, setVisible() {
          window.pickerAsked = { view: asked.view, token: asked.token, key: asked.key, appId: asked.appId };
          setTimeout(() => {
            asked.callback({ action: Action.LOADED });
            asked.callback({ action: Action.PICKED, docs: [{ id: ${JSON.stringify(DRIVE_FILE)} }] });
          });
        } };
      }
    }
    window.google.picker = { Action, DocsView, PickerBuilder, ViewId: { DOCS_IMAGES: 'docs-images' } };
    done.callback();
  } };`;

/** Google's sign-in: a token client that grants TOKEN at once. */
const googleSignInStandIn = `
  window.google = window.google || {};
  window.google.accounts = { oauth2: { initTokenClient(options) {
    window.tokenAsked = { clientId: options.client_id, scope: options.scope };
    return { requestAccessToken() {
      setTimeout(() => options.callback({ access_token: ${JSON.stringify(TOKEN)} }));
    } };
  } } };`;

let cloud: CloudFolders;
let server: ServerProcess;
let dataDir: string;
let origin: string;
test.beforeAll(async () => {
  test.setTimeout(360_000);
  cloud = await startCloudFolders();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-e2e-cloud-'));
  server = await startServer(
    dataDir,
    {
      SEED_CONTENT: 'false',
      DROPBOX_APP_KEY: DROPBOX_KEY,
      GOOGLE_PICKER_CLIENT_ID: CLIENT_ID,
      GOOGLE_PICKER_API_KEY: API_KEY,
      PHOTO_PROVIDERS_TEST_ORIGIN: cloud.origin,
    },
    240_000,
  );
  origin = `http://127.0.0.1:${server.port}`;
});
test.afterAll(async () => {
  await server?.stop();
  await cloud?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Serves the providers' scripts from the stand-ins, counting each request for them. */
async function providerScripts(page: Page, dropboxLink: string) {
  const requested: string[] = [];
  const serve = (url: string, body: string) =>
    page.route(url, (route) => {
      requested.push(url);
      return route.fulfill({ contentType: 'text/javascript', body });
    });
  await serve('https://www.dropbox.com/static/api/2/dropins.js', dropinsStandIn(dropboxLink));
  await serve('https://apis.google.com/js/api.js', googleApiStandIn);
  await serve('https://accounts.google.com/gsi/client', googleSignInStandIn);
  return requested;
}

/** Our own server's failures, which the fixtures watch only on the shared servers. */
function failuresFrom(page: Page, from: string) {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400 && response.url().startsWith(`${from}/`)) {
      failures.push(`${response.status()} ${response.url()}`);
    }
  });
  return failures;
}

test('photos chosen in Dropbox and Google Drive pay for discoveries', async ({ page }) => {
  test.slow();
  const failures = failuresFrom(page, origin);
  const koi = cloud.dropboxFile(
    'koi.jpg',
    await phoneJpeg({ seed: freshSeed(), ...PHOTO_SPOT }),
    'image/jpeg',
  );
  cloud.driveFile(
    DRIVE_FILE,
    TOKEN,
    await phoneJpeg({ seed: freshSeed(), ...PHOTO_SPOT }),
    'image/jpeg',
  );
  const requested = await providerScripts(page, koi);
  await signUp(page, { baseURL: origin });
  for (const name of ['Koi on Fish Lane', 'Crane on Fish Lane']) {
    const saved = await page.request.post(`${origin}/api/discoveries`, {
      data: { name, ...PHOTO_SPOT },
    });
    expect(saved.status()).toBe(201);
  }

  await page.goto(`${origin}/discoveries`);
  await page.getByRole('button', { name: 'Add photo to earn' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a photo' });
  await expect(dialog.getByRole('button', { name: 'From Dropbox' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'From Google Drive' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add a photo from a link' })).toBeVisible();
  // Offered, but nothing of the providers' is loaded until the player asks.
  expect(requested).toEqual([]);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'photo-from-cloud-offered');

  await dialog.getByRole('button', { name: 'From Dropbox' }).click();
  await expect(dialog.getByRole('img', { name: 'Your uploaded photo' })).toBeVisible();
  expect(requested).toEqual(['https://www.dropbox.com/static/api/2/dropins.js']);
  expect(await page.evaluate(() => (window as { chooserAsked?: unknown }).chooserAsked)).toEqual({
    appKey: DROPBOX_KEY,
    linkType: 'direct',
    multiselect: false,
    extensions: ['images'],
  });
  expect(cloud.hits.map((h) => h.path)).toEqual(['/dropbox/koi.jpg']);
  await dialog.getByRole('button', { name: 'Add photo', exact: true }).click();
  await expect(toasts(page).getByText('Photo added', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Add photo to earn' }).click();
  await dialog.getByRole('button', { name: 'From Google Drive' }).click();
  await expect(dialog.getByRole('img', { name: 'Your uploaded photo' })).toBeVisible();
  expect(await page.evaluate(() => (window as { tokenAsked?: unknown }).tokenAsked)).toEqual({
    clientId: CLIENT_ID,
    scope: 'https://www.googleapis.com/auth/drive.file',
  });
  expect(await page.evaluate(() => (window as { pickerAsked?: unknown }).pickerAsked)).toEqual({
    view: 'docs-images',
    token: TOKEN,
    key: API_KEY,
    appId: '271828',
  });
  // The server downloaded the chosen file with the player's token.
  expect(cloud.hits.at(-1)).toEqual({
    path: `/drive/v3/files/${DRIVE_FILE}?alt=media`,
    authorization: `Bearer ${TOKEN}`,
  });
  await dialog.getByRole('button', { name: 'Add photo', exact: true }).click();
  await expect(toasts(page).getByText('Photo added', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const mine = await (await page.request.get(`${origin}/api/discoveries/user`)).json();
  expect(mine.map((d: { imageUrl: string | null }) => d.imageUrl)).toEqual([
    expect.stringMatching(/^\/objects\//),
    expect.stringMatching(/^\/objects\//),
  ]);
  expect(failures).toEqual([]);
});

test('without their keys, no cloud folder is offered', SIGNED_IN, async ({ page }) => {
  const saved = await page.request.post('/api/discoveries', {
    data: { name: 'Wren on Fish Lane', ...PHOTO_SPOT },
  });
  expect(saved.status()).toBe(201);
  await page.goto('/discoveries');
  await page.getByRole('button', { name: 'Add photo to earn' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a photo' });
  await expect(dialog.getByRole('button', { name: 'Add a photo from a link' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^From / })).toHaveCount(0);
});
