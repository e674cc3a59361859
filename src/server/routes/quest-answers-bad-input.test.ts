import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, useUnlimitedApp, type Player } from '../../../test/app.ts';
import { acted, signUpModerator } from '../../../test/moderation.ts';
import { answer, insertArtwork, photoTakenAt } from '../../../test/quests.ts';
import { insertWall } from '../../../test/walls.ts';
import type { QuestAnswer } from '../../core/schemas/quests.ts';
import { questAnswers } from '../db/quests-schema.ts';
import { users } from '../db/schema.ts';

/**
 * Every input of POST /api/quests/:kind/:targetId/answer tried bad: a clear 4xx that pays
 * nothing and records nothing (docs/decisions/043-quests.md).
 */

const t = useUnlimitedApp();
const at = { latitude: 48.2, longitude: 16.37 };
let player: Player;
let pieceId: string;
let photo: string;

beforeAll(async () => {
  player = await signUp(t().app);
  pieceId = await insertArtwork(t().db, at, { title: 'Canal mural' });
  photo = await photoTakenAt(player, at);
});

async function assertNothingChanged(who: Player) {
  const [row] = await t()
    .db.select({ tokens: users.tokens })
    .from(users)
    .where(eq(users.id, who.id));
  expect(row!.tokens).toBe(0);
  expect(await t().db.select().from(questAnswers).where(eq(questAnswers.userId, who.id))).toEqual(
    [],
  );
}

const good = () => ({ ...at, accuracy: 15, imageUrl: photo });

describe('bad answers', () => {
  it.each([
    ['an unknown kind', 'is_it_art', () => good(), 'kind'],
    ['no position', 'needs_photo', () => ({ accuracy: 15, imageUrl: photo }), 'latitude'],
    ['no accuracy', 'needs_photo', () => ({ ...at, imageUrl: photo }), 'accuracy'],
    ['accuracy as text', 'needs_photo', () => ({ ...good(), accuracy: '15' }), 'accuracy'],
    ['a negative accuracy', 'needs_photo', () => ({ ...good(), accuracy: -1 }), 'accuracy'],
    ['a latitude off the globe', 'needs_photo', () => ({ ...good(), latitude: 95 }), 'latitude'],
    ['no photo', 'needs_photo', () => ({ ...at, accuracy: 15 }), 'imageUrl'],
    [
      'a photo from elsewhere on the web',
      'needs_photo',
      () => ({ ...good(), imageUrl: 'https://example.com/mural.jpg' }),
      'imageUrl',
    ],
    [
      'an artist on a question that asks none',
      'needs_photo',
      () => ({ ...good(), artistName: 'Banksy' }),
      'artistName',
    ],
    [
      'an artist name of blanks',
      'who_painted',
      () => ({ ...good(), artistName: '   ' }),
      'artistName',
    ],
    [
      'an artist name too long',
      'who_painted',
      () => ({ ...good(), artistName: 'x'.repeat(121) }),
      'artistName',
    ],
  ])('refuses %s with 400 naming the field', async (_, kind, body, field) => {
    const res = await answer(player, kind, pieceId, body());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(field);
    await assertNothingChanged(player);
  });

  it('refuses a target id too long (414), and unknown or hidden targets (404)', async () => {
    // Fastify's limit on a path parameter (100 characters), as every :id route has.
    expect((await answer(player, 'needs_photo', 'x'.repeat(101), good())).statusCode).toBe(414);
    const unknown = await answer(player, 'needs_photo', 'art-nowhere', good());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Artwork not found' });
    const hidden = await insertArtwork(t().db, at, { hiddenAt: new Date() });
    expect((await answer(player, 'needs_photo', hidden, good())).json()).toEqual({
      message: 'Artwork not found',
    });
    // A piece's id is no wall, and a wall's no piece.
    const noWall = await answer(player, 'visit_wall', pieceId, good());
    expect(noWall.statusCode).toBe(404);
    expect(noWall.json()).toEqual({ message: 'Legal wall not found' });
    const wallId = await insertWall(t().db, at, { status: 'unverified' });
    expect((await answer(player, 'still_there', wallId, good())).statusCode).toBe(404);
    await assertNothingChanged(player);
  });

  it('refuses a closed wall and a question the piece does not ask (409)', async () => {
    const closed = await insertWall(t().db, at, { status: 'closed' });
    expect((await answer(player, 'visit_wall', closed, good())).statusCode).toBe(409);
    const verified = await insertWall(t().db, at, { status: 'verified' });
    expect((await answer(player, 'visit_wall', verified, good())).json()).toEqual({
      message: 'This wall is no longer waiting for visits: this quest is done.',
    });
    // Named, and seen yesterday: neither "who painted this?" nor "is it still there?".
    expect(
      (await answer(player, 'who_painted', pieceId, { ...good(), artistName: 'A' })).json(),
    ).toEqual({ message: 'This piece has its artist now: this quest is done.' });
    expect((await answer(player, 'still_there', pieceId, good())).statusCode).toBe(409);
    await assertNothingChanged(player);
  });

  it("refuses another player's photo, and a photo that already answered", async () => {
    const other = await signUp(t().app);
    const theirs = await photoTakenAt(other, at);
    const stolen = await answer(player, 'needs_photo', pieceId, { ...good(), imageUrl: theirs });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({
      message: "Invalid body field 'imageUrl': must be a photo you uploaded.",
    });
    await assertNothingChanged(player);

    const first = await answer(other, 'needs_photo', pieceId, { ...good(), imageUrl: theirs });
    expect(first.statusCode, first.body).toBe(201);
    const wallId = await insertWall(t().db, at, { status: 'unverified' });
    const reused = await answer(other, 'visit_wall', wallId, { ...good(), imageUrl: theirs });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ message: 'This photo has already been documented' });
  });

  it('answers 401 without a session, before looking at the input', async () => {
    const res = await t().app.inject({
      method: 'POST',
      url: `/api/quests/needs_photo/${pieceId}/answer`,
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });

  it('replays a retried answer from its Idempotency-Key: answered and paid once', async () => {
    const at2 = { latitude: 48.4, longitude: 16.37 };
    const id = await insertArtwork(t().db, at2);
    const retrier = await signUp(t().app);
    const imageUrl = await photoTakenAt(retrier, at2);
    const send = () =>
      retrier.request({
        method: 'POST',
        url: `/api/quests/needs_photo/${id}/answer`,
        headers: { 'idempotency-key': 'quest-answer-1' },
        payload: { ...at2, accuracy: 10, imageUrl },
      });
    const first = await send();
    const second = await send();
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json<QuestAnswer>()).toEqual(first.json<QuestAnswer>());
    const [row] = await t()
      .db.select({ tokens: users.tokens })
      .from(users)
      .where(eq(users.id, retrier.id));
    expect(row!.tokens).toBe(35);
  });

  it('voids a held answer with its find: unpaid, and answered for its period', async () => {
    const montreal = { latitude: 45.5, longitude: -73.56 };
    const id = await insertArtwork(t().db, montreal);
    const flyer = await signUp(t().app);
    // A find in Vienna a moment ago: an answer in Montréal now is impossible travel.
    await flyer.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: { name: 'Canal', ...at, imageUrl: await photoTakenAt(flyer, at) },
    });
    const res = await answer(flyer, 'needs_photo', id, {
      ...montreal,
      accuracy: 10,
      imageUrl: await photoTakenAt(flyer, montreal),
    });
    expect(res.json<QuestAnswer>()).toMatchObject({ held: true });
    const [held] = await t()
      .db.select()
      .from(questAnswers)
      .where(eq(questAnswers.userId, flyer.id));
    const mod = await signUpModerator(t().app, t().db);
    await acted(mod, { action: 'void_log', targetId: held!.artworkLogId!, reason: 'Spoofed' });
    const [voided] = await t()
      .db.select()
      .from(questAnswers)
      .where(eq(questAnswers.userId, flyer.id));
    expect(voided).toMatchObject({ status: 'void', tokensAwarded: 0 });
    const [row] = await t()
      .db.select({ tokens: users.tokens })
      .from(users)
      .where(eq(users.id, flyer.id));
    expect(row!.tokens).toBe(50);
  });
});
