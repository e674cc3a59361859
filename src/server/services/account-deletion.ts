import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DeleteAccount } from '../../core/schemas/account.ts';
import { DELETED_PLAYER } from '../../core/your-data.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/client.ts';
import { artworkLogs, artworks, legalWalls, objects, uploadTokens, users } from '../db/schema.ts';
import { forumLikes, forumPosts } from '../db/community-schema.ts';
import { subscriptions } from '../db/payments-schema.ts';
import { HttpError, badRequest, notFound, serviceUnavailable } from '../errors.ts';
import { stripeClientFor } from '../payments/stripe.ts';
import { objectKeys, type ObjectStore } from '../storage/object-store.ts';
import { confirmPassword } from './credentials.ts';
import { countedLog } from './counted-log.ts';

/** Subscription statuses after which nothing renews and nothing is left to cancel. */
const ENDED = new Set(['none', 'canceled', 'incomplete_expired']);
const DELETE_ATTEMPTS = 3;
const PARALLEL_DELETES = 8;

/** The confirmation: the username typed as shown (any case) and the account's password. */
async function confirm(db: Db, config: Config, userId: string, input: DeleteAccount) {
  const [user] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound('Player not found');
  if (input.username.toLowerCase() !== user.username.toLowerCase()) {
    throw badRequest(`Invalid body field 'username': type your username, ${user.username}.`);
  }
  await confirmPassword(
    db,
    config,
    userId,
    input.password,
    'Incorrect password. Your account has not been deleted.',
  );
}

/**
 * A Pro subscription that could still charge the player is cancelled at Stripe first, at
 * once (no refund of the days left): nothing would be left here to manage it from.
 */
async function cancelSubscription(db: Db, config: Config, userId: string, log: FastifyBaseLogger) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  if (!row?.stripeSubscriptionId || ENDED.has(row.status)) return;
  if (!config.stripe) {
    throw serviceUnavailable(
      'Your Pro subscription cannot be cancelled right now, so your account was not deleted. Please try again later.',
    );
  }
  const stripe = await stripeClientFor(config.stripe);
  try {
    await stripe.subscriptions.cancel(row.stripeSubscriptionId);
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    // Already gone at Stripe: nothing renews.
    if (status === 404) return;
    log.error({ err }, 'cancelling the subscription of a deleted account failed');
    throw new HttpError(
      502,
      'The payment provider could not cancel your Pro subscription, so your account was not deleted. Please try again.',
    );
  }
}

/**
 * DELETE /api/profile (docs/decisions/027-your-data.md). One transaction removes the account
 * and, through the foreign keys, everything personal; forum posts stay as "deleted player",
 * artworks they first found stay with another player's photo as cover (or none) and without
 * their description. The photo bytes are removed after the commit: by then no row points at
 * them, so their URLs already answer 404 whatever the store does.
 */
export async function deleteAccount(
  db: Db,
  store: ObjectStore,
  config: Config,
  userId: string,
  input: DeleteAccount,
  log: FastifyBaseLogger,
): Promise<void> {
  await confirm(db, config, userId, input);
  await cancelSubscription(db, config, userId, log);

  const keys = await db.transaction(async (tx) => {
    await tx
      .update(forumPosts)
      .set({ authorName: DELETED_PLAYER })
      .where(eq(forumPosts.userId, userId));
    await tx
      .update(forumPosts)
      .set({ likes: sql`greatest(${forumPosts.likes} - 1, 0)` })
      .where(
        inArray(
          forumPosts.id,
          tx
            .select({ id: forumLikes.postId })
            .from(forumLikes)
            .where(eq(forumLikes.userId, userId)),
        ),
      );
    const urls = tx
      .select({ url: sql`'/objects/' || ${objects.id}` })
      .from(objects)
      .where(eq(objects.ownerId, userId));
    await tx
      .update(artworks)
      .set({ coverImageUrl: sql`(${newestOtherPhoto(userId)})` })
      .where(inArray(artworks.coverImageUrl, urls));
    await tx.update(legalWalls).set({ imageUrl: null }).where(inArray(legalWalls.imageUrl, urls));
    // Their words go with their discoveries; the pieces keep their titles.
    await tx.update(artworks).set({ description: '' }).where(eq(artworks.firstFinderId, userId));

    // Before the lists below: an upload that recorded its photo or link before this lock is in
    // them, one after it finds the account gone (uploads lock the row too, see uploads.ts).
    // After the updates above, as the delete's own lock was: a find that pays this player a
    // bonus locks an artwork, then this row, and must not wait on a deletion that waits on it.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const photos = await tx
      .select({ id: objects.id })
      .from(objects)
      .where(eq(objects.ownerId, userId));
    const uploads = await tx
      .select({ id: uploadTokens.objectId })
      .from(uploadTokens)
      .where(eq(uploadTokens.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));

    return [
      ...photos.flatMap((p) => [objectKeys.display(p.id), objectKeys.thumb(p.id)]),
      ...uploads.map((u) => objectKeys.staging(u.id)),
    ];
  });
  await removeObjects(store, keys, log);
}

/** The newest shown photo of the artwork by anyone else, for its new cover. */
function newestOtherPhoto(userId: string) {
  return sql`select ${artworkLogs.imageUrl} from ${artworkLogs}
    where ${artworkLogs.artworkId} = ${artworks.id} and ${artworkLogs.kind} = 'found'
      and ${artworkLogs.imageUrl} is not null and ${artworkLogs.userId} <> ${userId}
      and ${artworkLogs.hiddenAt} is null
      and ${countedLog}
    order by ${artworkLogs.createdAt} desc limit 1`;
}

/** Removes one key, trying a few times; false when it is still there. */
async function removeObject(store: ObjectStore, key: string, log: FastifyBaseLogger) {
  for (let attempt = 1; ; attempt++) {
    try {
      await store.delete(key);
      return true;
    } catch (err) {
      if (attempt >= DELETE_ATTEMPTS) {
        log.warn({ err, key }, 'a deleted account’s photo could not be removed from the store');
        return false;
      }
    }
  }
}

/**
 * A few keys at a time, so a player with thousands of photos is done in seconds. Keys that
 * still fail are logged for the operator (the account is gone either way, and nothing serves
 * the bytes any more).
 */
async function removeObjects(store: ObjectStore, keys: string[], log: FastifyBaseLogger) {
  const failed: string[] = [];
  for (let i = 0; i < keys.length; i += PARALLEL_DELETES) {
    const batch = keys.slice(i, i + PARALLEL_DELETES);
    const removed = await Promise.all(batch.map((key) => removeObject(store, key, log)));
    failed.push(...batch.filter((_key, j) => !removed[j]));
  }
  if (failed.length > 0) log.error({ keys: failed }, 'photos left in the store after deletion');
}
