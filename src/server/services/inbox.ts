import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  NEWS_KINDS,
  type InboxItem,
  type InboxKind,
  type InboxPage,
  type InboxUnread,
} from '../../core/schemas/inbox.ts';
import type { Db, Tx } from '../db/client.ts';
import { inboxItems } from '../db/inbox-schema.ts';
import { users } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { shownUsername } from './hidden-content.ts';

export interface Notice {
  kind: InboxKind;
  title: string;
  tokens?: number;
  otherUserId?: string | null;
  artworkId?: string | null;
  discoveryId?: string | null;
}

/** Tells the player, inside the transaction of what happened: both stand or neither does. */
export async function notify(tx: Tx, userId: string, notice: Notice): Promise<void> {
  await tx.insert(inboxItems).values({
    id: randomUUID(),
    userId,
    kind: notice.kind,
    title: notice.title,
    tokens: notice.tokens ?? 0,
    otherUserId: notice.otherUserId ?? null,
    artworkId: notice.artworkId ?? null,
    discoveryId: notice.discoveryId ?? null,
    // Not the transaction's start: what one transaction tells reads in the order it happened.
    createdAt: sql`clock_timestamp()`,
  });
}

const mine = (userId: string) => eq(inboxItems.userId, userId);
const unread = (userId: string) => and(mine(userId), isNull(inboxItems.readAt));
/** Keyset order: newest first, the id breaking ties. */
const before = (id: string) =>
  sql`(${inboxItems.createdAt}, ${inboxItems.id}) < (select i.created_at, i.id from ${inboxItems} i where i.id = ${id})`;
const atOrBefore = (id: string) =>
  sql`(${inboxItems.createdAt}, ${inboxItems.id}) <= (select i.created_at, i.id from ${inboxItems} i where i.id = ${id})`;

async function items(db: Db, where: ReturnType<typeof and>, limit: number): Promise<InboxItem[]> {
  const rows = await db
    .select({ item: inboxItems, otherPlayer: shownUsername() })
    .from(inboxItems)
    .leftJoin(users, eq(users.id, inboxItems.otherUserId))
    .where(where)
    .orderBy(desc(inboxItems.createdAt), desc(inboxItems.id))
    .limit(limit);
  return rows.map(({ item, otherPlayer }) => ({
    id: item.id,
    kind: item.kind,
    tokens: item.tokens,
    title: item.title,
    otherPlayer,
    artworkId: item.artworkId,
    discoveryId: item.discoveryId,
    read: item.readAt !== null,
    createdAt: item.createdAt.toISOString(),
  }));
}

async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(inboxItems).where(unread(userId));
  return row?.n ?? 0;
}

async function assertMine(db: Db, userId: string, id: string, field: string) {
  const [row] = await db
    .select({ id: inboxItems.id })
    .from(inboxItems)
    .where(and(mine(userId), eq(inboxItems.id, id)));
  if (!row) throw badRequest(`Invalid field '${field}': no such item in your inbox.`);
}

/** GET /api/inbox: a page, newest first, with the unread count. */
export async function listInbox(
  db: Db,
  userId: string,
  query: { before?: string | undefined; limit: number },
): Promise<InboxPage> {
  if (query.before) await assertMine(db, userId, query.before, 'before');
  const page = await items(
    db,
    and(mine(userId), query.before ? before(query.before) : undefined),
    query.limit + 1,
  );
  const more = page.length > query.limit;
  const shown = page.slice(0, query.limit);
  return {
    items: shown,
    unread: await unreadCount(db, userId),
    nextBefore: more ? (shown.at(-1)?.id ?? null) : null,
  };
}

/** GET /api/inbox/unread: the count, and the newest news the player has not read. */
export async function inboxUnread(db: Db, userId: string): Promise<InboxUnread> {
  const news = await items(db, and(unread(userId), inArray(inboxItems.kind, [...NEWS_KINDS])), 5);
  return { unread: await unreadCount(db, userId), news };
}

/** POST /api/inbox/read: everything up to this item is read (items that came later are not). */
export async function markInboxRead(db: Db, userId: string, upTo: string): Promise<InboxUnread> {
  await assertMine(db, userId, upTo, 'upTo');
  await db
    .update(inboxItems)
    .set({ readAt: sql`now()` })
    .where(and(unread(userId), atOrBefore(upTo)));
  return inboxUnread(db, userId);
}
