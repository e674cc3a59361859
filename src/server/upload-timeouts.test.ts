import { connect } from 'node:net';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UploadTicket } from '../core/schemas/objects.ts';
import { createTestApp, putBytes, signUp, type Player, type TestApp } from '../../test/app.ts';
import { uniquePhoto } from '../../test/images.ts';
import { uploadTokens } from './db/schema.ts';

/**
 * Uploads over a real socket: one that stops sending is dropped after the idle timeout, logged
 * as the client's doing, and its link can be used again; one that keeps sending, however slowly,
 * finishes; a player has at most a few uploads in flight at once.
 */
const IDLE_MS = 800;
let t: TestApp;
let player: Player;
let port: number;
/** The app's log lines, as written to standard output. */
const logLines: { level: number; msg: string }[] = [];
beforeAll(async () => {
  t = await createTestApp({ seed: false, config: { idleTimeoutMs: IDLE_MS, logLevel: 'warn' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  player = await signUp(t.app);
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk, ...rest) => {
    const text = String(chunk);
    if (!text.startsWith('{"level"')) return write(chunk, ...(rest as []));
    for (const line of text.split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    return true;
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
});

async function ticket(who = player): Promise<UploadTicket> {
  const res = await who.request({
    method: 'POST',
    url: '/api/objects/upload',
    payload: { purpose: 'discovery' },
  });
  return res.json<UploadTicket>();
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * PUTs `body` in `chunks` pieces with `gapMs` between them, stopping after `stopAfter` pieces.
 * Resolves with the response's status line, or 'closed' when the server hung up first.
 */
function slowPut(
  url: string,
  body: Buffer,
  options: { chunks: number; gapMs: number; stopAfter?: number; as?: Player },
): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (data) => (answer += data.toString('latin1')));
    socket.on('close', () => resolve(answer.split('\r\n')[0] || 'closed'));
    socket.on('error', () => {});
    socket.write(
      `PUT ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${(options.as ?? player).cookie}\r\n` +
        `Content-Type: image/png\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    const size = Math.ceil(body.length / options.chunks);
    void (async () => {
      for (let i = 0; i < options.chunks && i !== options.stopAfter; i++) {
        if (socket.destroyed) return;
        socket.write(body.subarray(i * size, (i + 1) * size));
        await pause(options.gapMs);
      }
    })();
  });
}

describe('upload timeouts', () => {
  it('drops an upload that stops sending, and its link works again afterwards', async () => {
    const { uploadURL, completeURL } = await ticket();
    const photo = uniquePhoto();
    const started = Date.now();
    expect(await slowPut(uploadURL, photo, { chunks: 10, gapMs: 50, stopAfter: 3 })).toBe('closed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_MS);
    // The link was released, so the phone's retry goes through and the photo is kept.
    await expect.poll(async () => (await putBytes(player, uploadURL, photo)).statusCode).toBe(200);
    expect((await player.request({ method: 'POST', url: completeURL })).statusCode).toBe(200);
  });

  it('finishes a slow upload that keeps moving for longer than the idle timeout', async () => {
    const { uploadURL, completeURL } = await ticket();
    const gapMs = IDLE_MS / 4;
    const chunks = 16;
    expect(await slowPut(uploadURL, uniquePhoto(), { chunks, gapMs })).toBe('HTTP/1.1 200 OK');
    expect(chunks * gapMs).toBeGreaterThan(3 * IDLE_MS);
    expect((await player.request({ method: 'POST', url: completeURL })).statusCode).toBe(200);
  });

  it('logs an upload that stopped sending as a warning, not an error', async () => {
    const { uploadURL } = await ticket();
    const from = logLines.length;
    expect(await slowPut(uploadURL, uniquePhoto(), { chunks: 10, gapMs: 50, stopAfter: 2 })).toBe(
      'closed',
    );
    await expect
      .poll(() => logLines.slice(from).map((l) => [l.level, l.msg]))
      .toContainEqual([40, 'client stopped sending']);
    expect(logLines.slice(from).filter((l) => l.level >= 50)).toEqual([]);
  });

  it('takes 4 uploads of one player at once, refuses a 5th with 429, frees a slot as one ends', async () => {
    const uploader = await signUp(t.app);
    const tickets = await Promise.all(Array.from({ length: 5 }, () => ticket(uploader)));
    const urls = tickets.map((k) => k.uploadURL);
    // Three keep moving for 4 s; one moves for 1 s, then stalls and is dropped.
    const moving = urls
      .slice(0, 3)
      .map((url) => slowPut(url, uniquePhoto(), { chunks: 20, gapMs: 200, as: uploader }));
    const stalled = slowPut(urls[3]!, uniquePhoto(), {
      chunks: 20,
      gapMs: 200,
      stopAfter: 5,
      as: uploader,
    });
    const claimed = async () => {
      const [row] = await t.db
        .select({ n: count() })
        .from(uploadTokens)
        .where(and(eq(uploadTokens.userId, uploader.id), isNotNull(uploadTokens.usedAt)));
      return row?.n;
    };
    await expect.poll(claimed).toBe(4);

    const fifth = uniquePhoto();
    const refused = await putBytes(uploader, urls[4]!, fifth);
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({
      message: 'You already have 4 uploads in progress. Wait for one to finish, then try again.',
    });
    expect(await claimed()).toBe(4);

    expect(await stalled).toBe('closed');
    // Freed as the server finishes with the dropped request, just after the socket closes.
    await expect.poll(async () => (await putBytes(uploader, urls[4]!, fifth)).statusCode).toBe(200);
    expect(await Promise.all(moving)).toEqual(Array(3).fill('HTTP/1.1 200 OK'));
    // Every slot came back once its upload ended.
    const again = await Promise.all(Array.from({ length: 4 }, () => ticket(uploader)));
    const puts = await Promise.all(
      again.map((k) => putBytes(uploader, k.uploadURL, uniquePhoto())),
    );
    expect(puts.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
  });
});
