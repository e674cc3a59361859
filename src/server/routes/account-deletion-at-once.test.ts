import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadTicket } from '../../core/schemas/objects.ts';
import {
  createTestApp,
  putBytes,
  signUp,
  UNLIMITED,
  type Player,
  type TestApp,
} from '../../../test/app.ts';
import { uniquePhoto } from '../../../test/images.ts';
import { storedFilesOf } from '../../../test/player-data.ts';
import { storesUnderTest } from '../../../test/s3-server.ts';
import { objects, uploadTokens } from '../db/schema.ts';

/**
 * One account deleted while 50 of its photos are being completed and 10 new upload links asked
 * for: every answer is a 2xx that came before the deletion or a 401 after it, and nothing of the
 * account is left in the database or the store.
 */

const COMPLETIONS = 50;
const NEW_LINKS = 10;

describe.each(storesUnderTest())('on the $name store', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, limits: UNLIMITED, config: await store.setUp() });
  });
  afterAll(async () => {
    await t.close();
    await store.tearDown();
  });

  const ticket = (player: Player) =>
    player.request({ method: 'POST', url: '/api/objects/upload', payload: { purpose: 'gallery' } });

  it(
    `${COMPLETIONS} completions and ${NEW_LINKS} new links racing the deletion: 2xx or 401, nothing left`,
    { tags: ['concurrency'] },
    async () => {
      const player = await signUp(t.app);
      const links: UploadTicket[] = [];
      for (let i = 0; i < COMPLETIONS; i++) {
        const link = (await ticket(player)).json<UploadTicket>();
        expect((await putBytes(player, link.uploadURL, uniquePhoto())).statusCode).toBe(200);
        links.push(link);
      }

      // Half the completions go first; once one is answered (before any deletion, so a 200) the
      // deletion goes with the other half, among those still being processed.
      const complete = (link: UploadTicket) =>
        player.request({ method: 'POST', url: link.completeURL });
      const half = COMPLETIONS / 2;
      const first = links.slice(0, half).map(complete);
      await Promise.race(first);
      const deletion = player.request({
        method: 'DELETE',
        url: '/api/profile',
        payload: { username: player.username, password: 'spray-paint-rules-42' },
      });
      const rest = links.slice(half).map(complete);
      const newLinks = Array.from({ length: NEW_LINKS }, () => ticket(player));
      const answers = await Promise.all([...first, ...rest, ...newLinks]);
      expect((await deletion).statusCode).toBe(204);

      const statuses = answers.map((res) => res.statusCode);
      expect(statuses.filter((s) => s !== 200 && s !== 401)).toEqual([]);
      // Refused by the session check, or by the upload's own once the deletion is seen.
      for (const res of answers.filter((r) => r.statusCode === 401)) {
        expect(res.json().message).toMatch(/^(Unauthorized|This account has been deleted)/);
      }
      expect(statuses.slice(0, COMPLETIONS)).toContain(200);
      const created = answers
        .slice(COMPLETIONS)
        .filter((res) => res.statusCode === 200)
        .map((res) => res.json<UploadTicket>());

      expect(await t.db.select().from(objects).where(eq(objects.ownerId, player.id))).toEqual([]);
      expect(
        await t.db.select().from(uploadTokens).where(eq(uploadTokens.userId, player.id)),
      ).toEqual([]);
      const left = await Promise.all(
        [...links, ...created].map((link) => storedFilesOf(t.app.objectStore, link.objectURL)),
      );
      expect(left.flat()).toEqual([]);
    },
  );
});
