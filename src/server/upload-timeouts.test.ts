import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadTicket } from '../core/schemas/objects.ts';
import { createTestApp, putBytes, signUp, type Player, type TestApp } from '../../test/app.ts';
import { uniquePhoto } from '../../test/images.ts';

/**
 * Uploads over a real socket: one that stops sending is dropped after the idle timeout and its
 * link can be used again; one that keeps sending, however slowly, finishes.
 */
const IDLE_MS = 800;
let t: TestApp;
let player: Player;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ seed: false, config: { idleTimeoutMs: IDLE_MS } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  player = await signUp(t.app);
});
afterAll(() => t.close());

async function ticket(): Promise<UploadTicket> {
  const res = await player.request({
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
  options: { chunks: number; gapMs: number; stopAfter?: number },
): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (data) => (answer += data.toString('latin1')));
    socket.on('close', () => resolve(answer.split('\r\n')[0] || 'closed'));
    socket.on('error', () => {});
    socket.write(
      `PUT ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${player.cookie}\r\n` +
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
});
