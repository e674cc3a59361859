import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/server/db/client.ts';
import { artistClaims } from '../src/server/db/artists-schema.ts';
import { artists } from '../src/server/db/community-schema.ts';
import { pinArtwork, signUp, type Player } from './app.ts';
import { signUpModerator } from './moderation.ts';

/** Artists, claims and credits, shared by the artist test files. */

/** A new artist card of its own; returns its id. */
export async function insertArtist(db: Db, name = `Artist ${randomUUID().slice(0, 8)}`) {
  const id = `artist-${randomUUID()}`;
  await db.insert(artists).values({
    id,
    name,
    aka: `${name} aka`,
    city: 'Brisbane',
    country: 'Australia',
    activeYears: '2001–present',
    style: 'Murals',
    achievements: [],
    source: 'test',
  });
  return id;
}

/**
 * Makes an existing player the verified account of a new artist, as staff would: for tests of
 * the artist's reward (SPEC's 150 is paid on a verified claim only, decision 049).
 */
export async function verifyAsArtist(db: Db, userId: string): Promise<string> {
  const artistId = await insertArtist(db);
  await db.insert(artistClaims).values({
    id: randomUUID(),
    artistId,
    userId,
    evidenceKind: 'link',
    evidenceUrl: 'https://example.org/@painter',
    status: 'verified',
    decidedAt: new Date(),
  });
  return artistId;
}

export const claim = (player: Player, artistId: string, payload: object) =>
  player.request({ method: 'POST', url: `/api/artists/${artistId}/claims`, payload });

export const LINK_EVIDENCE = {
  evidenceKind: 'link',
  evidenceUrl: 'https://example.org/@painter/streetscope',
} as const;

/** A player who claimed the artist and whose claim a moderator verified. */
export async function verifiedArtist(app: FastifyInstance, db: Db, artistId: string) {
  const player = await signUp(app);
  const moderator = await signUpModerator(app, db);
  const res = await claim(player, artistId, LINK_EVIDENCE);
  if (res.statusCode !== 201) throw new Error(`claim refused: ${res.statusCode} ${res.body}`);
  const decided = await moderator.request({
    method: 'POST',
    url: `/api/artist-claims/${res.json<{ id: string }>().id}/decision`,
    payload: { decision: 'verify', reason: 'Their account names StreetScope' },
  });
  if (decided.statusCode !== 200) throw new Error(`verify refused: ${decided.body}`);
  return player;
}

export const propose = (player: Player, artworkId: string, artistId: string) =>
  player.request({
    method: 'POST',
    url: `/api/artworks/${artworkId}/credits`,
    payload: { artistId },
  });

export const vote = (player: Player, creditId: string, v: unknown) =>
  player.request({
    method: 'POST',
    url: `/api/artist-credits/${creditId}/votes`,
    payload: { vote: v },
  });

export const settle = (player: Player, creditId: string, decision: unknown) =>
  player.request({
    method: 'POST',
    url: `/api/artist-credits/${creditId}/decision`,
    payload: { decision },
  });

let lng = 150;

/**
 * A new piece credited to a new artist: proposed by the player who pinned it and confirmed by
 * another, so it is on the artist's page.
 */
export async function confirmedCredit(app: FastifyInstance, db: Db, name?: string) {
  const artistId = await insertArtist(db, name);
  const proposer = await signUp(app);
  const artworkId = await pinArtwork(proposer, { latitude: -33.9, longitude: (lng += 0.01) });
  const proposed = await propose(proposer, artworkId, artistId);
  const creditId = proposed.json<{ credits: { id: string }[] }>().credits[0]!.id;
  const confirmed = await vote(await signUp(app), creditId, 'confirm');
  if (confirmed.statusCode !== 201) throw new Error(`confirm refused: ${confirmed.body}`);
  return { artistId, artworkId, creditId, proposer };
}
