import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import {
  NEWS_KINDS,
  type InboxItem,
  type InboxKind,
  type InboxPage,
  type InboxUnread,
} from '../../core/schemas/inbox.ts';
import { PUSH_TOPIC_OF } from '../../core/push-topics.ts';
import type { Db, Tx } from '../db/client.ts';
import { inboxItems } from '../db/inbox-schema.ts';
import { pushQueue, pushSubscriptions, pushTopics } from '../db/push-schema.ts';
import { users } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { shownUsername } from './hidden-content.ts';
import { actorAtArtworkNamed, shownIso } from './privacy.ts';

export interface Notice {
  kind: InboxKind;
  title: string;
  tokens?: number;
  otherUserId?: string | null;
  artworkId?: string | null;
  discoveryId?: string | null;
  /** The in-app path it is about, when that is not the artwork's page. */
  link?: string | null;
  /** False: told in the inbox only, never pushed (its moment would say where someone was). */
  push?: boolean;
}

/** Where the push sender hears that items wait (delivered when the transaction commits). */
export const PUSH_CHANNEL = 'ss_push';

/**
 * Tells the player, inside the transaction of what happened: both stand or neither does. A
 * kind the player turned push on for (and has a device for) is queued for the push sender,
 * which hears of it only once this transaction commits (services/push-sender.ts).
 */
export async function notify(tx: Tx, userId: string, notice: Notice): Promise<void> {
  const id = randomUUID();
  await tx.insert(inboxItems).values({
    id,
    userId,
    kind: notice.kind,
    title: notice.title,
    tokens: notice.tokens ?? 0,
    otherUserId: notice.otherUserId ?? null,
    artworkId: notice.artworkId ?? null,
    discoveryId: notice.discoveryId ?? null,
    link: notice.link ?? null,
    // Not the transaction's start: what one transaction tells reads in the order it happened.
    createdAt: sql`clock_timestamp()`,
  });
  const topic = PUSH_TOPIC_OF[notice.kind];
  if (!topic || notice.push === false) return;
  const [consented] = await tx
    .select({ userId: pushTopics.userId })
    .from(pushTopics)
    .where(
      and(
        eq(pushTopics.userId, userId),
        eq(pushTopics.topic, topic),
        exists(
          tx
            .select({ id: pushSubscriptions.id })
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.userId, userId)),
        ),
      ),
    );
  if (!consented) return;
  await tx.insert(pushQueue).values({ inboxItemId: id });
  await tx.execute(sql`select pg_notify(${PUSH_CHANNEL}, '')`);
}

/**
 * A quest or challenge near the player (`near_you`), for the features that find them: `title`
 * names it as the player should read it ("Is it still there? Salamanca seal"), `link` is the
 * in-app path where it is answered, `tokens` the reward on offer (0 when none is promised), and
 * `artworkId` the artwork it is about, if any. Called in the transaction that offers it.
 */
export function notifyNearYou(
  tx: Tx,
  userId: string,
  near: { title: string; link: string; tokens?: number; artworkId?: string | null },
): Promise<void> {
  return notify(tx, userId, { kind: 'near_you', ...near });
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
    .select({
      item: inboxItems,
      // Nobody is named for a find inside their hidden home, nor in its first day (privacy.ts).
      otherPlayer: sql<
        string | null
      >`case when ${actorAtArtworkNamed(inboxItems.otherUserId, inboxItems.artworkId, inboxItems.createdAt)} then ${shownUsername()} end`,
    })
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
    link: item.link ?? (item.artworkId ? `/art/${item.artworkId}` : null),
    read: item.readAt !== null,
    // What another player did shows its day only while recent, as everywhere else.
    createdAt: item.otherUserId ? shownIso(item.createdAt) : item.createdAt.toISOString(),
  }));
}

/** Items by id as their player reads them, each with whose it is (the push sender's read). */
export async function inboxItemsFor(
  db: Db,
  ids: string[],
): Promise<{ userId: string; item: InboxItem }[]> {
  if (ids.length === 0) return [];
  const owners = await db
    .select({ id: inboxItems.id, userId: inboxItems.userId })
    .from(inboxItems)
    .where(inArray(inboxItems.id, ids));
  const ownerOf = new Map(owners.map((o) => [o.id, o.userId]));
  const found = await items(db, inArray(inboxItems.id, ids), ids.length);
  return found.map((item) => ({ userId: ownerOf.get(item.id)!, item }));
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
