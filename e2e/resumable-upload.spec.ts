import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { noisyJpeg } from '../test/large-photo.ts';
import { startS3Server } from '../test/s3-stand-in.ts';
import { startServer, type ServerProcess } from '../test/server-process.ts';
import { expect, screenshots, signUp, test, toasts } from './fixtures.ts';
import { pickPhoto } from './photo-files.ts';

/**
 * A 9 MB photo goes up in resumable parts (docs/decisions/047). Uppy cuts parts of 5 MiB, S3's
 * smallest, so a photo under the 10 MB limit has two: the connection drops after the first, and
 * once it is back the upload goes on from the second, never sending the first again. On the
 * seeded server (local disk) and on one of its own against the S3 stand-in.
 */

/** The part number of a part PUT: ours (/api/s3/multipart/<id>/<n>) or the bucket's (?partNumber). */
function partNumberOf(url: URL): number | null {
  const query = url.searchParams.get('partNumber');
  if (query) return Number(query);
  const ours = /^\/api\/s3\/multipart\/[^/]+\/(\d+)$/.exec(url.pathname);
  return ours ? Number(ours[1]) : null;
}

async function resumesAfterADroppedConnection(page: Page, origin: string, seed: number) {
  // What the storage took: each part PUT that got an answer, by part number.
  const received = new Map<number, number>();
  page.on('response', (response) => {
    const part = partNumberOf(new URL(response.url()));
    if (part && response.request().method() === 'PUT' && response.ok()) {
      received.set(part, (received.get(part) ?? 0) + 1);
    }
  });
  let connected = true;
  await page.route(
    (url) => partNumberOf(url) === 2,
    (route) =>
      !connected && route.request().method() === 'PUT'
        ? route.abort('internetdisconnected')
        : route.fallback(),
  );
  connected = false;

  await page.goto(`${origin}/profile`);
  await page.getByRole('button', { name: 'Add Art' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Art' });
  const photo = await noisyJpeg(9_000_000, 9_900_000, seed);
  await pickPhoto(dialog, { name: 'big-wall.jpg', mimeType: 'image/jpeg', buffer: photo });
  await dialog.getByLabel('Title').fill('Nine megabytes of wall');
  await dialog.getByRole('button', { name: 'Add to Gallery' }).click();
  await expect(toasts(page).getByText('Upload Failed', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  expect(Object.fromEntries(received)).toEqual({ 1: 1 });
  await screenshots(page, 'resumable-upload-dropped');

  connected = true;
  await dialog.getByRole('button', { name: 'Add to Gallery' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  const tile = page.getByRole('list', { name: 'Artworks' }).getByRole('listitem');
  await expect(tile.getByRole('heading', { name: 'Nine megabytes of wall' })).toBeVisible();
  await expect(tile.getByRole('img', { name: 'Nine megabytes of wall' })).toHaveAttribute(
    'src',
    /^\/objects\//,
  );
  // Part 1 went once, before the drop; part 2 once, after it.
  expect(Object.fromEntries(received)).toEqual({ 1: 1, 2: 1 });
}

/** Chromium logs each part PUT the test cut off as a failed load. */
const forgiveCutParts = (consoleErrors: string[]) =>
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e)),
  );

test('a 9 MB photo resumes from its second part after the connection drops (local disk)', async ({
  page,
  consoleErrors,
}) => {
  await signUp(page);
  await resumesAfterADroppedConnection(page, '', 11);
  forgiveCutParts(consoleErrors);
});

test.describe('on an S3-compatible bucket', () => {
  let server: ServerProcess;
  let bucket: Awaited<ReturnType<typeof startS3Server>>;
  let dataDir: string;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    bucket = await startS3Server();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-e2e-s3-'));
    server = await startServer(
      dataDir,
      {
        SEED_CONTENT: 'false',
        S3_ENDPOINT: bucket.s3.endpoint!,
        S3_BUCKET: bucket.s3.bucket,
        S3_REGION: bucket.s3.region,
        S3_ACCESS_KEY_ID: bucket.s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: bucket.s3.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      },
      90_000,
    );
  });
  test.afterAll(async () => {
    await server?.stop();
    await bucket?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the same photo resumes from its second part, sent to the bucket', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const origin = `http://127.0.0.1:${server.port}`;
    await signUp(page, { baseURL: origin });
    await resumesAfterADroppedConnection(page, origin, 12);
    forgiveCutParts(consoleErrors);
  });
});
