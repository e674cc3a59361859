import { describe, expect, it } from 'vitest';
import { signUp, useUnlimitedApp } from '../../../test/app.ts';
import { freshKey, keyed, outboxCases, tokensOf } from '../../../test/idempotency.ts';
import { OTHER_REQUEST_MESSAGE } from '../http/idempotency.ts';

/**
 * Twenty repeats of one key fired at once, as a phone's outbox may send them: the database's
 * primary key lets one run; the others wait for its answer. Meaningful on Postgres
 * (TEST_DATABASE_URL), where the requests truly overlap; PGlite runs them one after another.
 */
const AT_ONCE = 20;
const app = useUnlimitedApp();
const cases = outboxCases(
  () => app().app,
  () => app().db,
);
const named = (name: string) => cases.find((c) => c.name === name)!;

describe(`${AT_ONCE} repeats of one key at once`, { tags: ['concurrency'] }, () => {
  it.each([named('a discovery with a photo'), named('a forum post'), named('an artwork log')])(
    '$name: one record, one reward, the same answer to every repeat',
    async (create) => {
      const player = await create.player();
      const { url, body } = await create.prepare(player);
      const [records, tokens] = [await create.count(player), await tokensOf(app().db, player)];
      const key = freshKey();
      const answers = await Promise.all(
        Array.from({ length: AT_ONCE }, () => keyed(player, key, url, body)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(AT_ONCE).fill(201));
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      const ran = answers.filter((a) => a.headers['idempotent-replayed'] === undefined);
      expect(ran).toHaveLength(1);
      expect(await create.count(player)).toBe(records + 1);
      // A discovery pays its award, a find of another player's piece pays the log's; a post, none.
      const answer = ran[0]!.json<{ tokensAwarded?: number; log?: { tokensAwarded: number } }>();
      const award = answer.tokensAwarded ?? answer.log?.tokensAwarded ?? 0;
      expect(award > 0).toBe(create.name !== 'a forum post');
      expect(await tokensOf(app().db, player)).toBe(tokens + award);
    },
  );

  it('twenty different markers under one key: one created, the others refused', async () => {
    const create = named('a custom marker');
    const player = await signUp(app().app);
    const key = freshKey();
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        keyed(player, key, '/api/markers', { latitude: 10, longitude: i, label: `Spot ${i}` }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, ...Array(AT_ONCE - 1).fill(409)]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toEqual({ message: OTHER_REQUEST_MESSAGE });
    }
    expect(await create.count(player)).toBe(1);
  });

  it('twenty players with the same key at once each create their own', async () => {
    const create = named('a forum post');
    const players = await Promise.all(Array.from({ length: AT_ONCE }, () => signUp(app().app)));
    const key = freshKey();
    const answers = await Promise.all(
      players.map((p) => keyed(p, key, '/api/community/forum', { content: 'Same words' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(AT_ONCE).fill(201));
    expect(answers.some((a) => a.headers['idempotent-replayed'])).toBe(false);
    const counts = await Promise.all(players.map((p) => create.count(p)));
    expect(counts).toEqual(Array(AT_ONCE).fill(1));
  });
});
