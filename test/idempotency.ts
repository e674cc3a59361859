import { count, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { artworkLogs, discoveries, markers, users } from '../src/server/db/schema.ts';
import { forumPosts } from '../src/server/db/community-schema.ts';
import { wallConfirmations } from '../src/server/db/moderation-schema.ts';
import type { Db } from '../src/server/db/client.ts';
import { pinArtwork, signUp, uploadPhoto, type Player } from './app.ts';
import { dayFromToday, establishedVisitor, insertWall } from './walls.ts';

/** A create as this player with an Idempotency-Key. */
export const keyed = (player: Player, key: string, url: string, payload?: object) =>
  player.request({
    method: 'POST',
    url,
    ...(payload && { payload }),
    headers: { 'idempotency-key': key },
  });

let keys = 0;
export const freshKey = () => `key-${process.pid}-${++keys}-${Date.now()}`;

/** The repeat got the first answer again, byte for byte, and says it is a replay. */
export function expectReplay(first: LightMyRequestResponse, again: LightMyRequestResponse) {
  expect(first.headers['idempotent-replayed']).toBeUndefined();
  expect(again.statusCode).toBe(first.statusCode);
  expect(again.body).toBe(first.body);
  expect(again.headers['content-type']).toBe(first.headers['content-type']);
  expect(again.headers.location).toBe(first.headers.location);
  expect(again.headers['idempotent-replayed']).toBe('true');
}

export async function tokensOf(db: Db, player: Player): Promise<number> {
  const [row] = await db
    .select({ tokens: users.tokens })
    .from(users)
    .where(eq(users.id, player.id));
  return row!.tokens;
}

/** A create a player can make: its URL, a body, another body for it, and their records of it. */
export interface CreateCase {
  name: string;
  /** A new player able to make this create once (a visitor of the wall, a finder nearby...). */
  player(): Promise<Player>;
  prepare(player: Player): Promise<{ url: string; body: object; otherBody: object }>;
  count(player: Player): Promise<number>;
}

const rows = async (db: Db, table: PgTable, where: SQL) =>
  (await db.select({ n: count() }).from(table).where(where))[0]!.n;

/** The creates the field kit's outbox sends, each as a CreateCase. */
export function outboxCases(app: () => FastifyInstance, db: () => Db): CreateCase[] {
  let spot = 0;
  const nextSpot = () => {
    spot += 1;
    return { latitude: -33.8 - spot * 0.01, longitude: 151.2 + spot * 0.01 };
  };
  const newPlayer = () => signUp(app());
  return [
    {
      name: 'a discovery with a photo',
      player: newPlayer,
      async prepare(player) {
        const at = nextSpot();
        const imageUrl = await uploadPhoto(player);
        const body = { name: 'Koala', ...at, imageUrl };
        return { url: '/api/discoveries', body, otherBody: { ...body, name: 'Wombat' } };
      },
      count: (player) => rows(db(), discoveries, eq(discoveries.userId, player.id)),
    },
    {
      name: 'a graffiti upload',
      player: newPlayer,
      async prepare(player) {
        const imageUrl = await uploadPhoto(player, 'graffiti');
        const body = { name: 'Throw-up', ...nextSpot(), imageUrl };
        return { url: '/api/discoveries/graffiti', body, otherBody: { ...body, name: 'Piece' } };
      },
      count: (player) => rows(db(), discoveries, eq(discoveries.userId, player.id)),
    },
    {
      name: 'an artwork log',
      player: newPlayer,
      async prepare(player) {
        const at = nextSpot();
        const pinner = await signUp(app());
        const artworkId = await pinArtwork(pinner, at);
        const imageUrl = await uploadPhoto(player);
        const body = { kind: 'found', ...at, imageUrl };
        const url = `/api/artworks/${artworkId}/logs`;
        return { url, body, otherBody: { ...body, latitude: at.latitude + 0.0002 } };
      },
      count: (player) => rows(db(), artworkLogs, eq(artworkLogs.userId, player.id)),
    },
    {
      name: 'a custom marker',
      player: newPlayer,
      async prepare() {
        const body = { ...nextSpot(), emojiPin: 'tag', label: 'Come back at night' };
        return { url: '/api/markers', body, otherBody: { ...body, label: 'Come back by day' } };
      },
      count: (player) => rows(db(), markers, eq(markers.userId, player.id)),
    },
    {
      name: 'a wall confirmation',
      player: async () => establishedVisitor(app(), db(), { latitude: -35, longitude: 149.1 }),
      async prepare() {
        const wallId = await insertWall(db(), { latitude: -35, longitude: 149.1 });
        const body = { paintedOn: dayFromToday() };
        const url = `/api/legal-walls/${wallId}/confirmations`;
        return { url, body, otherBody: { paintedOn: dayFromToday(-1) } };
      },
      count: (player) => rows(db(), wallConfirmations, eq(wallConfirmations.userId, player.id)),
    },
    {
      name: 'a forum post',
      player: newPlayer,
      async prepare() {
        const body = { content: 'Fresh wall at the docks' };
        const url = '/api/community/forum';
        return { url, body, otherBody: { content: 'Fresh wall at the station' } };
      },
      count: (player) => rows(db(), forumPosts, eq(forumPosts.userId, player.id)),
    },
  ];
}
