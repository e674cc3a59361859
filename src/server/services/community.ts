import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  FORUM_PAGE_SIZE,
  FORUM_REPLIES_PAGE_SIZE,
  type CommunityEvent,
  type CreateForumPost,
  type ForumPost,
  type LikeResult,
} from '../../core/schemas/community.ts';
import type { Db, Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { events, forumLikes, forumPosts } from '../db/community-schema.ts';
import { badRequest, notFound } from '../errors.ts';
import { shownUsername } from './hidden-content.ts';

const POST_NOT_FOUND = 'Post not found';

/**
 * An event whose end date has passed is shown as ended whatever its stored status says
 * (stored statuses are seed data; the clock moves on).
 */
const eventStatus = sql<CommunityEvent['status']>`case
  when ${events.status} <> 'ended' and ${events.endDate} < now() then 'ended'
  else ${events.status} end`;

/** Active first, then upcoming, then ended; within each, the soonest end date first. */
export async function listEvents(db: Db): Promise<CommunityEvent[]> {
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      description: events.description,
      status: eventStatus,
      endDate: events.endDate,
      rewardTokens: events.rewardTokens,
      rewardNft: events.rewardNft,
    })
    .from(events)
    .orderBy(
      sql`case ${eventStatus} when 'active' then 0 when 'upcoming' then 1 else 2 end`,
      sql`${events.endDate} asc nulls last`,
      asc(events.title),
      asc(events.id),
    );
  return rows.map((r) => ({ ...r, endDate: r.endDate?.toISOString() ?? null }));
}

/** The next moment an event ends by its date (the list changes by the clock alone). */
export async function nextEventEnd(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${events.endDate})` })
    .from(events)
    .where(sql`${events.status} <> 'ended' and ${events.endDate} > now()`);
  return row?.at ? new Date(row.at) : null;
}

/** The columns of a post as the viewer sees it. */
function postColumns(viewerId: string) {
  return {
    id: forumPosts.id,
    title: forumPosts.title,
    content: forumPosts.content,
    createdAt: forumPosts.createdAt,
    likes: forumPosts.likes,
    // Replies hidden by reports or a moderator are not counted, except by their own author.
    replies: sql<number>`(${forumPosts.replies} - (select count(*) from ${forumPosts} hr
      where hr.parent_id = ${forumPosts.id} and hr.hidden_at is not null
        and hr.user_id is distinct from ${viewerId}))::int`,
    parentId: forumPosts.parentId,
    userId: forumPosts.userId,
    // The account's current name; seeded posts keep their author's name; otherwise Anonymous.
    username: sql<string | null>`coalesce(${shownUsername()}, ${forumPosts.authorName})`,
    hidden: sql<boolean>`${forumPosts.hiddenAt} is not null`,
    likedByMe: sql<boolean>`exists (select 1 from ${forumLikes}
      where ${forumLikes.postId} = ${forumPosts.id} and ${forumLikes.userId} = ${viewerId})`,
  };
}

type PostRow = {
  id: string;
  title: string | null;
  content: string;
  createdAt: Date;
  likes: number;
  replies: number;
  parentId: string | null;
  userId: string | null;
  username: string | null;
  likedByMe: boolean;
  hidden: boolean;
};

function toPost({ userId, username, createdAt, likedByMe, hidden, ...row }: PostRow): ForumPost {
  return {
    ...row,
    replies: Number(row.replies),
    createdAt: createdAt.toISOString(),
    likedByMe: Boolean(likedByMe),
    hidden: Boolean(hidden),
    user: username === null ? null : { id: userId, username },
  };
}

/**
 * Hidden posts (docs/decisions/026) are left out for everyone but their author, who sees them
 * marked as hidden while a moderator reviews them.
 */
const visibleTo = (viewerId: string) =>
  sql`(${forumPosts.hiddenAt} is null or ${forumPosts.userId} = ${viewerId})`;

async function postExists(db: Db | Tx, id: string, viewerId?: string) {
  const [row] = await db
    .select({ id: forumPosts.id, parentId: forumPosts.parentId })
    .from(forumPosts)
    .where(and(eq(forumPosts.id, id), viewerId ? visibleTo(viewerId) : undefined))
    .limit(1);
  return row ?? null;
}

/** `(created_at, id)` of the cursor post, compared in SQL so no timestamp precision is lost. */
const cursorKey = (id: string) =>
  sql`(select c.created_at, c.id from ${forumPosts} c where c.id = ${id})`;

/**
 * Top-level posts, newest first, FORUM_PAGE_SIZE at a time. `before` is the id of the last
 * post of the previous page (keyset paging: stable while new posts arrive).
 */
export async function listForumPosts(
  db: Db,
  viewerId: string,
  before?: string,
): Promise<ForumPost[]> {
  const where: SQL[] = [isNull(forumPosts.parentId), visibleTo(viewerId)];
  if (before) {
    if (!(await postExists(db, before))) {
      throw badRequest(`Invalid query field 'before': no such post.`);
    }
    where.push(sql`(${forumPosts.createdAt}, ${forumPosts.id}) < ${cursorKey(before)}`);
  }
  const rows = await db
    .select(postColumns(viewerId))
    .from(forumPosts)
    .leftJoin(users, eq(users.id, forumPosts.userId))
    .where(and(...where))
    .orderBy(desc(forumPosts.createdAt), desc(forumPosts.id))
    .limit(FORUM_PAGE_SIZE);
  return rows.map(toPost);
}

/** The replies to one post, oldest first, FORUM_REPLIES_PAGE_SIZE at a time after `after`. */
export async function listReplies(
  db: Db,
  viewerId: string,
  postId: string,
  after?: string,
): Promise<ForumPost[]> {
  if (!(await postExists(db, postId, viewerId))) throw notFound(POST_NOT_FOUND);
  const where: SQL[] = [eq(forumPosts.parentId, postId), visibleTo(viewerId)];
  if (after) {
    if (!(await postExists(db, after))) {
      throw badRequest(`Invalid query field 'after': no such post.`);
    }
    where.push(sql`(${forumPosts.createdAt}, ${forumPosts.id}) > ${cursorKey(after)}`);
  }
  const rows = await db
    .select(postColumns(viewerId))
    .from(forumPosts)
    .leftJoin(users, eq(users.id, forumPosts.userId))
    .where(and(...where))
    .orderBy(asc(forumPosts.createdAt), asc(forumPosts.id))
    .limit(FORUM_REPLIES_PAGE_SIZE);
  return rows.map(toPost);
}

/**
 * Writes a post, or a reply when `parentId` is given. Replies go one level deep: the parent
 * must be a top-level post (else 400) that exists (else 404). The parent's reply counter moves
 * in the same transaction as the insert.
 */
export async function createForumPost(
  db: Db,
  author: { id: string; username: string },
  input: CreateForumPost,
): Promise<ForumPost> {
  const parentId = input.parentId ?? null;
  const row = await db.transaction(async (tx) => {
    if (parentId) {
      // The update locks the parent row, so concurrent replies each count once.
      const [parent] = await tx
        .update(forumPosts)
        .set({ replies: sql`${forumPosts.replies} + 1` })
        .where(and(eq(forumPosts.id, parentId), isNull(forumPosts.parentId), visibleTo(author.id)))
        .returning({ id: forumPosts.id });
      if (!parent) {
        if (await postExists(tx, parentId, author.id)) {
          throw badRequest(
            `Invalid body field 'parentId': replies can only be made to a top-level post.`,
          );
        }
        throw notFound(POST_NOT_FOUND);
      }
    }
    const [inserted] = await tx
      .insert(forumPosts)
      .values({
        id: randomUUID(),
        userId: author.id,
        parentId,
        title: input.title ? input.title : null,
        content: input.content,
      })
      .returning();
    return inserted!;
  });
  return toPost({
    ...row,
    username: author.username,
    likedByMe: false,
    hidden: false,
  });
}

async function currentLikes(db: Db | Tx, postId: string): Promise<number> {
  const [row] = await db
    .select({ likes: forumPosts.likes })
    .from(forumPosts)
    .where(eq(forumPosts.id, postId));
  return row?.likes ?? 0;
}

/**
 * One like per player (the forum_likes primary key decides under concurrency); the post's
 * counter moves only when the like row was really inserted. Liking twice is a no-op.
 */
export async function likePost(db: Db, userId: string, postId: string): Promise<LikeResult> {
  return db.transaction(async (tx) => {
    if (!(await postExists(tx, postId, userId))) throw notFound(POST_NOT_FOUND);
    const inserted = await tx
      .insert(forumLikes)
      .values({ postId, userId })
      .onConflictDoNothing()
      .returning({ postId: forumLikes.postId });
    if (inserted.length === 0) return { likes: await currentLikes(tx, postId), likedByMe: true };
    const [updated] = await tx
      .update(forumPosts)
      .set({ likes: sql`${forumPosts.likes} + 1` })
      .where(eq(forumPosts.id, postId))
      .returning({ likes: forumPosts.likes });
    return { likes: updated?.likes ?? 0, likedByMe: true };
  });
}

/** Removes the player's like; unliking a post that was not liked changes nothing. */
export async function unlikePost(db: Db, userId: string, postId: string): Promise<LikeResult> {
  return db.transaction(async (tx) => {
    if (!(await postExists(tx, postId, userId))) throw notFound(POST_NOT_FOUND);
    const deleted = await tx
      .delete(forumLikes)
      .where(and(eq(forumLikes.postId, postId), eq(forumLikes.userId, userId)))
      .returning({ postId: forumLikes.postId });
    if (deleted.length === 0) return { likes: await currentLikes(tx, postId), likedByMe: false };
    const [updated] = await tx
      .update(forumPosts)
      .set({ likes: sql`greatest(${forumPosts.likes} - 1, 0)` })
      .where(eq(forumPosts.id, postId))
      .returning({ likes: forumPosts.likes });
    return { likes: updated?.likes ?? 0, likedByMe: false };
  });
}
