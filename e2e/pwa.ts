import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/**
 * Opens the app (at `start`), waits until the service worker is active, then reloads so it controls the
 * page: the first visit is never controlled (the worker does not claim pages it did not load).
 */
export async function underWorker(page: Page, start = '/'): Promise<void> {
  await page.goto(start);
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Width and height from a PNG's header chunk. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = '89504e470d0a1a0a';
  if (bytes.subarray(0, 8).toString('hex') !== signature) throw new Error('not a PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const WORKER = path.resolve(import.meta.dirname, '../dist/client/sw.js');

/**
 * Puts a next version of the built worker in place (with `extra` appended), and the compressed
 * copies the server prefers; the returned function puts the built one back.
 */
export async function deployNextWorker(extra: string): Promise<() => Promise<void>> {
  const files = [WORKER, `${WORKER}.br`, `${WORKER}.gz`];
  const built = await Promise.all(files.map((file) => readFile(file)));
  const next = Buffer.from(`${built[0]!.toString('utf8')}\n${extra}\n`);
  await writeFile(WORKER, next);
  await writeFile(`${WORKER}.br`, brotliCompressSync(next));
  await writeFile(`${WORKER}.gz`, gzipSync(next));
  return async () => {
    await Promise.all(files.map((file, i) => writeFile(file, built[i]!)));
  };
}

/**
 * Offline, what was never seen cannot load (a map tile outside the view kept, say) and the
 * browser logs each such failure as a console error: those, and only those, are expected.
 */
export function forgiveOfflineLoadErrors(consoleErrors: string[]): void {
  const offline = /^Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)$/;
  const others = consoleErrors.filter((e) => !offline.test(e));
  consoleErrors.splice(0, consoleErrors.length, ...others);
}
