import { createECDH, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { and, asc, count, eq } from 'drizzle-orm';
import type { PushTopic } from '../../core/push-topics.ts';
import type { PushDevice, PushSettings, PushSubscribe } from '../../core/schemas/push.ts';
import type { Config } from '../config/config.ts';
import type { Db, Tx } from '../db/client.ts';
import { pushSubscriptions, pushTopics } from '../db/push-schema.ts';
import { users } from '../db/schema.ts';
import { badRequest, conflict, notFound, serviceUnavailable } from '../errors.ts';

/**
 * A player's push devices and the topics they consent to (docs/decisions/042-push.md). The
 * sending is services/push-sender.ts.
 */

/** Devices per player: each event is sent to every one of them. */
export const MAX_PUSH_DEVICES = 10;

export const PUSH_OFF = 'Push notifications are not set up on this server.';

const BAD_ENDPOINT = "Invalid body field 'endpoint': must be a push service's https URL.";

/** Names that only ever reach this machine or its network. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa)$/i;

/**
 * A push service's https URL. The server posts to it, so addresses of this machine or its
 * network are refused (an IP, a local name); a test's own http endpoint passes only when the
 * operator lists its origin (PUSH_TEST_ENDPOINT_ORIGINS).
 */
function assertEndpoint(endpoint: string, testOrigins: string[]) {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw badRequest(BAD_ENDPOINT);
  }
  // A test origin on port 0 (as a server listening on 0) takes whatever port the test got.
  const anyPort = `${url.protocol}//${url.host.replace(/:\d+$/, '')}:0`;
  if (testOrigins.includes(url.origin) || testOrigins.includes(anyPort)) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const local = isIP(host) !== 0 || LOCAL_NAME.test(host) || !host.includes('.');
  if (url.protocol !== 'https:' || url.username || url.password || local) {
    throw badRequest(BAD_ENDPOINT);
  }
}

/** The browser's key must be a point on P-256, or nothing could be encrypted for it. */
function assertBrowserKey(p256dh: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  try {
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
  } catch {
    throw badRequest("Invalid body field 'keys.p256dh': is not a P-256 public key.");
  }
}

function assertPushOn(config: Config) {
  if (!config.push) throw serviceUnavailable(PUSH_OFF);
}

async function devicesOf(db: Db | Tx, userId: string): Promise<PushDevice[]> {
  const rows = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** GET /api/push */
export async function pushSettings(db: Db, config: Config, userId: string): Promise<PushSettings> {
  const topics = await db
    .select({ topic: pushTopics.topic })
    .from(pushTopics)
    .where(eq(pushTopics.userId, userId))
    .orderBy(asc(pushTopics.topic));
  return {
    publicKey: config.push?.publicKey ?? null,
    topics: topics.map((t) => t.topic),
    devices: await devicesOf(db, userId),
  };
}

/**
 * POST /api/push/subscriptions. An endpoint already kept for this player has its keys renewed;
 * one kept for another account moves here (the browser now belongs to whoever turned push on).
 */
export async function subscribe(
  db: Db,
  config: Config,
  userId: string,
  body: PushSubscribe,
): Promise<{ device: PushDevice; created: boolean }> {
  assertPushOn(config);
  assertEndpoint(body.endpoint, config.pushTestEndpointOrigins);
  assertBrowserKey(body.keys.p256dh);
  return db.transaction(async (tx) => {
    // The player's row locked: their device count is checked and changed one request at a time.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [mine] = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, body.endpoint)),
      );
    if (!mine) {
      const [devices] = await tx
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      if ((devices?.n ?? 0) >= MAX_PUSH_DEVICES) {
        throw conflict(
          `Push is on for ${MAX_PUSH_DEVICES} of your devices already: turn it off on one first.`,
        );
      }
    }
    const keys = { userId, p256dh: body.keys.p256dh, auth: body.keys.auth };
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ id: randomUUID(), endpoint: body.endpoint, ...keys })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: keys })
      .returning();
    return {
      device: { id: row!.id, endpoint: row!.endpoint, createdAt: row!.createdAt.toISOString() },
      created: !mine,
    };
  });
}

/** DELETE /api/push/subscriptions/:id: another player's device is not found. */
export async function unsubscribe(db: Db, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (gone.length === 0) throw notFound('No such device receives your push notifications.');
}

/** PUT (on) or DELETE (off) /api/push/topics/:topic: the player's consent, per topic. */
export async function setPushTopic(
  db: Db,
  config: Config,
  userId: string,
  topic: PushTopic,
  on: boolean,
): Promise<PushSettings> {
  assertPushOn(config);
  if (on) {
    await db.insert(pushTopics).values({ userId, topic }).onConflictDoNothing();
  } else {
    await db
      .delete(pushTopics)
      .where(and(eq(pushTopics.userId, userId), eq(pushTopics.topic, topic)));
  }
  return pushSettings(db, config, userId);
}
