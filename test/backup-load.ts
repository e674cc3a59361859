import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/server/db/client.ts';
import { objects } from '../src/server/db/schema.ts';
import { findArtwork, pinArtwork, signUp, type Player } from './app.ts';
import type { CliResult } from './run-cli.ts';

/** What the app answered 2xx for: it must be in any backup begun after. */
export interface Acknowledged {
  players: { id: string; cookie: string }[];
  artworks: string[];
  photos: { url: string; display: Buffer; thumb: Buffer }[];
}

export const emptyAcknowledged = (): Acknowledged => ({ players: [], artworks: [], photos: [] });

let spot = 0;
const nextSpot = () => ({ latitude: -27.4 + ++spot * 0.01, longitude: 153.0 + spot * 0.003 });

async function photoOf(player: Player, url: string) {
  const display = await player.request({ url });
  const thumb = await player.request({ url: `${url}/thumbnail` });
  expect(display.statusCode).toBe(200);
  expect(thumb.statusCode).toBe(200);
  return { url, display: display.rawPayload, thumb: thumb.rawPayload };
}

/** A player pins an artwork with a photo and another logs a find of it: all acknowledged. */
export async function playRound(app: FastifyInstance, into: Acknowledged): Promise<void> {
  const pinner = await signUp(app);
  const finder = await signUp(app);
  const at = nextSpot();
  const artworkId = await pinArtwork(pinner, at);
  await findArtwork(finder, artworkId, { latitude: at.latitude + 0.0001, longitude: at.longitude });
  const art = await pinner.request({ url: `/api/artworks/${artworkId}` });
  const { photos } = art.json<{ photos: { imageUrl: string }[] }>();
  expect(photos).toHaveLength(2);
  into.players.push(pinner, finder);
  into.artworks.push(artworkId);
  for (const { imageUrl } of photos) into.photos.push(await photoOf(pinner, imageUrl));
}

/** Rounds played one after another until `stop`, which says how many were acknowledged. */
export function writeLoad(app: FastifyInstance): { stop(): Promise<number> } {
  let going = true;
  const during = emptyAcknowledged();
  const running = (async () => {
    while (going) await playRound(app, during);
  })();
  return {
    stop: async () => {
      going = false;
      await running;
      return during.artworks.length;
    },
  };
}

/** Every acknowledged player is signed in still, and every artwork and photo is served. */
export async function expectRestored(app: FastifyInstance, acked: Acknowledged): Promise<void> {
  const as = (cookie: string, url: string) => app.inject({ url, headers: { cookie } });
  for (const player of acked.players) {
    const me = await as(player.cookie, '/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json<{ id: string }>().id).toBe(player.id);
  }
  const viewer = acked.players[0]!.cookie;
  for (const id of acked.artworks) {
    expect((await as(viewer, `/api/artworks/${id}`)).statusCode).toBe(200);
  }
  for (const photo of acked.photos) {
    const display = await as(viewer, photo.url);
    const thumb = await as(viewer, `${photo.url}/thumbnail`);
    expect(display.statusCode).toBe(200);
    expect(display.rawPayload.equals(photo.display)).toBe(true);
    expect(thumb.rawPayload.equals(photo.thumb)).toBe(true);
  }
}

/** Whatever the backup caught of the writes during it, its photos came with it. */
export async function expectEveryPhotoServed(app: FastifyInstance, db: Db): Promise<number> {
  const rows = await db.select({ id: objects.id }).from(objects);
  for (const { id } of rows) {
    expect((await app.inject({ url: `/objects/${id}` })).statusCode).toBe(200);
    expect((await app.inject({ url: `/objects/${id}/thumbnail` })).statusCode).toBe(200);
  }
  return rows.length;
}

/**
 * Three acknowledged rounds, then `npm run backup` while more rounds go on: the command's result
 * and how many rounds were acknowledged while it ran.
 */
export async function backUpUnderLoad(
  app: FastifyInstance,
  acked: Acknowledged,
  dest: string,
  env: NodeJS.ProcessEnv,
): Promise<{ run: CliResult; during: number }> {
  for (let i = 0; i < 3; i++) await playRound(app, acked);
  const load = writeLoad(app);
  const run = await runBackupCli(['backup', dest], env);
  return { run, during: await load.stop() };
}

interface StartedApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/** `npm run restore` into an empty target, then the app started on it has everything. */
export async function restoreAndCheck(
  from: string,
  env: NodeJS.ProcessEnv,
  start: () => Promise<StartedApp>,
  acked: Acknowledged,
): Promise<void> {
  const run = await runBackupCli(['restore', from], env);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const started = await start();
  try {
    await expectRestored(started.app, acked);
    expect(await expectEveryPhotoServed(started.app, started.db)).toBeGreaterThanOrEqual(
      acked.photos.length,
    );
  } finally {
    await started.close();
  }
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** `npm run backup` / `npm run restore` as an operator runs them, with the given environment. */
export async function runBackupCli(args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  const full: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', ...env };
  if (!env.DATABASE_URL) delete full.DATABASE_URL;
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/server/backup/cli.ts', ...args],
      { cwd: ROOT, env: full },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as CliResult;
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
