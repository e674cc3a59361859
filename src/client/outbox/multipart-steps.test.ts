import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signUp, type Player, type TestApp } from '../../../test/app.ts';
import { noisyJpeg } from '../../../test/large-photo.ts';
import type { OutboxPhoto, PhotoJob } from './kinds.ts';
import { photoStep } from './photo-steps.ts';

/**
 * A large photo kept in the outbox goes up in resumable parts against the real app (local
 * disk), through the browser's fetch as the page would call it: same-origin paths with the
 * player's cookie. A dropped part is sent again alone; the parts before it are not.
 */

let t: TestApp;
let player: Player;
let origin: string;
const realFetch = globalThis.fetch;
/** Part PUTs that reached the server, by part number. */
const received = new Map<number, number>();
let dropNextPart: number | null = null;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  player = await signUp(t.app);
  // The page's fetch: paths resolve against its origin and carry its session cookie.
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, origin);
    const part = /^\/api\/s3\/multipart\/[^/]+\/(\d+)$/.exec(url.pathname)?.[1];
    if (part && init.method === 'PUT') {
      if (dropNextPart === Number(part)) {
        dropNextPart = null;
        throw new TypeError('Failed to fetch');
      }
      received.set(Number(part), (received.get(Number(part)) ?? 0) + 1);
    }
    const headers = { ...(init.headers as Record<string, string>), cookie: player.cookie, origin };
    return realFetch(url, { ...init, headers });
  });
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await t.close();
});

describe('a kept photo over 5 MB', () => {
  it('goes up in parts, resuming after a drop from the part that did not arrive', async () => {
    const blob = new Blob([new Uint8Array(await noisyJpeg(9_000_000, 9_900_000, 21))], {
      type: 'image/jpeg',
    });
    let photo: OutboxPhoto = {
      blob,
      purpose: 'discovery',
      job: { step: 'ticket', ticketKey: crypto.randomUUID() },
    };
    const steps: PhotoJob['step'][] = [];
    dropNextPart = 2;
    let drops = 0;
    while (photo.job.step !== 'done') {
      const next = await photoStep(photo);
      if ('stop' in next) {
        // The job saved before the drop is where the next pass (or a reload) starts.
        expect(next.stop).toEqual({ kind: 'network' });
        drops++;
        continue;
      }
      photo = { ...photo, job: next.job };
      steps.push(next.job.step);
    }
    expect(drops).toBe(1);
    expect(steps).toEqual(['parts', 'parts', 'parts', 'complete', 'done']);
    expect(Object.fromEntries(received)).toEqual({ 1: 1, 2: 1 });
    const served = await t.app.inject({ url: photo.job.photo.objectURL });
    expect(served.statusCode).toBe(200);
  });
});
