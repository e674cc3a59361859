import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import type { ForumPost } from '../src/core/schemas/community.ts';
import type { Db } from '../src/server/db/client.ts';
import { forumPosts } from '../src/server/db/community-schema.ts';
import type { Player } from './app.ts';

/** Forum requests as a player, shared by the community test files. */
export const forumRequests = {
  post: (player: Player, payload: object) =>
    player.request({ method: 'POST', url: '/api/community/forum', payload }),
  like: (player: Player, id: string, method: 'POST' | 'DELETE' = 'POST') =>
    player.request({ method, url: `/api/community/forum/${id}/like` }),
  async forum(player: Player, query = '') {
    const res = await player.request({ url: `/api/community/forum${query}` });
    expect(res.statusCode).toBe(200);
    return res.json<ForumPost[]>();
  },
  async replies(player: Player, id: string) {
    const res = await player.request({ url: `/api/community/forum/${id}/replies` });
    expect(res.statusCode).toBe(200);
    return res.json<ForumPost[]>();
  },
  async newPost(player: Player, payload: object = { content: 'Fresh wall at the docks' }) {
    const res = await forumRequests.post(player, payload);
    expect(res.statusCode).toBe(201);
    return res.json<ForumPost>();
  },
};

export async function countRows(db: Db, table: PgTable): Promise<number> {
  return (await db.select({ n: count() }).from(table))[0]!.n;
}

export async function storedPost(db: Db, id: string) {
  const [row] = await db.select().from(forumPosts).where(eq(forumPosts.id, id));
  return row!;
}

export async function insertPost(
  db: Db,
  values: Partial<typeof forumPosts.$inferInsert> & { id: string },
): Promise<string> {
  await db.insert(forumPosts).values({ content: `content of ${values.id}`, ...values });
  return values.id;
}
