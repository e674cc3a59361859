import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, useUnlimitedApp } from '../../../test/app.ts';
import { uniquePhoto } from '../../../test/images.ts';
import { multipartClient, type Started } from '../../../test/multipart.ts';
import { objects } from '../db/schema.ts';

/**
 * A resumable upload is joined once and becomes one photo (docs/decisions/047): its completion
 * is claimed in the database, and the photo's processing is the single upload's own claim.
 * Meaningful on Postgres (TEST_DATABASE_URL), where the requests truly overlap.
 */

const AT_ONCE = 50;
const app = useUnlimitedApp();

describe(`${AT_ONCE} completions of one resumable upload at once`, () => {
  it(
    'join it once, all answer alike, and it becomes one photo',
    { tags: ['concurrency'] },
    async () => {
      const player = await signUp(app().app);
      const mp = multipartClient(player);
      const up = (await mp.create()).json<Started>();
      const parts = await mp.sendParts(up, [uniquePhoto()]);

      const completions = await Promise.all(
        Array.from({ length: AT_ONCE }, () => mp.complete(up, parts)),
      );
      const codes = completions.map((res) => res.statusCode);
      // One joins; the rest find it being joined (409) or joined (its answer again).
      expect(codes.every((code) => code === 200 || code === 409)).toBe(true);
      const answers = completions.filter((res) => res.statusCode === 200).map((res) => res.json());
      expect(answers.length).toBeGreaterThan(0);
      expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
      const { completeURL, objectURL } = answers[0] as { completeURL: string; objectURL: string };

      const processed = await Promise.all(
        Array.from({ length: AT_ONCE }, () => player.request({ method: 'POST', url: completeURL })),
      );
      expect(processed.filter((res) => res.statusCode === 200)).toHaveLength(1);
      const photos = await app().db.select().from(objects).where(eq(objects.ownerId, player.id));
      expect(photos).toHaveLength(1);
      expect((await app().app.inject({ url: objectURL })).statusCode).toBe(200);
    },
  );
});
