import { asc, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  accountFlags,
  contentReports,
  moderationActions,
  wallConfirmations,
  wallReports,
} from '../db/moderation-schema.ts';
import {
  artworkLogs,
  artworks,
  discoveries,
  legalWalls,
  markers,
  objects,
  profileArtworks,
  users,
} from '../db/schema.ts';
import { inboxItems } from '../db/inbox-schema.ts';
import { pushSubscriptions, pushTopics } from '../db/push-schema.ts';
import { tourStops, tours } from '../db/tours-schema.ts';
import { artistSuggestions, questAnswers } from '../db/quests-schema.ts';
import { artistClaims, artistCreditVotes, artistCredits } from '../db/artists-schema.ts';
import { challengeCompletions, challenges, playerPrivacy } from '../db/challenges-schema.ts';
import { forumLikes, forumPosts, missionCompletions, missions } from '../db/community-schema.ts';
import { accountIdentities } from '../db/oidc-schema.ts';
import { passkeys } from '../db/passkeys-schema.ts';
import { recoveryCodes, sessions, signInDevices, signInHosts } from '../db/sign-in-schema.ts';
import { subscriptions, walletLinks } from '../db/payments-schema.ts';
import { notFound } from '../errors.ts';
import { actorAtArtworkNamed } from './privacy.ts';

const EXTENSIONS: Record<string, string> = {
  'image/webp': 'webp',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/avif': 'avif',
};

export const photoFileName = (id: string, contentType: string) =>
  `photos/${id}.${EXTENSIONS[contentType] ?? 'bin'}`;

/**
 * Everything the service holds about one player (docs/decisions/027-your-data.md), as plain
 * rows: secrets (password hash, session and device ids, recovery code hashes) and derived photo
 * hashes are left out; sessions are their device, country and dates, linked providers their
 * issuer, subject and date, passkeys their name and dates, devices, sign-in hosts and recovery
 * codes dates only. Other players' data never appears: every query is
 * bounded by the player's id, and staff who acted on them are not named.
 */
export function gatherPlayerData(db: Db, userId: string) {
  // One snapshot: what the file says was all true at one moment.
  return db.transaction((tx) => collect(tx, userId), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function collect(db: Tx, userId: string) {
  const [account] = await db
    .select({
      id: users.id,
      username: users.username,
      profileImageUrl: users.profileImageUrl,
      createdAt: users.createdAt,
      role: users.role,
      tokens: users.tokens,
      discoveries: users.discoveries,
      firstFinds: users.firstFinds,
      score: users.score,
      suspendedUntil: users.suspendedUntil,
      profileHiddenAt: users.profileHiddenAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw notFound('Player not found');

  const [subscription] = await db
    .select({
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      stripeCustomerId: subscriptions.stripeCustomerId,
      stripeSubscriptionId: subscriptions.stripeSubscriptionId,
      updatedAt: subscriptions.updatedAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  const [wallet] = await db
    .select({
      address: walletLinks.address,
      chainId: walletLinks.chainId,
      linkedAt: walletLinks.linkedAt,
    })
    .from(walletLinks)
    .where(eq(walletLinks.userId, userId));

  const photos = await db
    .select({
      id: objects.id,
      purpose: objects.purpose,
      contentType: objects.contentType,
      size: objects.size,
      width: objects.width,
      height: objects.height,
      gpsLatitude: objects.gpsLatitude,
      gpsLongitude: objects.gpsLongitude,
      createdAt: objects.createdAt,
    })
    .from(objects)
    .where(eq(objects.ownerId, userId))
    .orderBy(asc(objects.createdAt), asc(objects.id));

  // The photo hash is derived from the photo itself, which the download carries.
  const logColumns = omitKeys(getTableColumns(artworkLogs), 'userId', 'perceptualHash');

  return {
    account,
    subscription: subscription ?? null,
    wallet: wallet ?? null,
    sessions: await db
      .select({
        device: sessions.device,
        country: sessions.country,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    devices: await db
      .select({ lastUsedAt: signInDevices.lastUsedAt })
      .from(signInDevices)
      .where(eq(signInDevices.userId, userId))
      .orderBy(asc(signInDevices.lastUsedAt)),
    signInHosts: await db
      .select({ lastSeenAt: signInHosts.lastSeenAt })
      .from(signInHosts)
      .where(eq(signInHosts.userId, userId))
      .orderBy(asc(signInHosts.lastSeenAt)),
    signInProviders: await db
      .select({
        issuer: accountIdentities.issuer,
        subject: accountIdentities.subject,
        linkedAt: accountIdentities.createdAt,
      })
      .from(accountIdentities)
      .where(eq(accountIdentities.userId, userId))
      .orderBy(asc(accountIdentities.createdAt)),
    passkeys: await db
      .select({
        name: passkeys.name,
        createdAt: passkeys.createdAt,
        lastUsedAt: passkeys.lastUsedAt,
      })
      .from(passkeys)
      .where(eq(passkeys.accountId, userId))
      .orderBy(asc(passkeys.createdAt)),
    recoveryCodes: await db
      .select({ createdAt: recoveryCodes.createdAt, usedAt: recoveryCodes.usedAt })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, userId))
      .orderBy(asc(recoveryCodes.createdAt), asc(recoveryCodes.usedAt)),
    photos: photos.map((p) => ({ ...p, url: `/objects/${p.id}` })),
    discoveries: await db
      .select({ ...omitUser(getTableColumns(discoveries)) })
      .from(discoveries)
      .where(eq(discoveries.userId, userId))
      .orderBy(asc(discoveries.createdAt)),
    artworkLogs: await db
      .select({ ...logColumns, artworkTitle: artworks.title })
      .from(artworkLogs)
      .innerJoin(artworks, eq(artworks.id, artworkLogs.artworkId))
      .where(eq(artworkLogs.userId, userId))
      .orderBy(asc(artworkLogs.createdAt)),
    artworksFirstFound: await db
      .select({
        id: artworks.id,
        title: artworks.title,
        description: artworks.description,
        createdAt: artworks.createdAt,
      })
      .from(artworks)
      .where(eq(artworks.firstFinderId, userId))
      .orderBy(asc(artworks.createdAt)),
    markers: await db
      .select({ ...omitUser(getTableColumns(markers)) })
      .from(markers)
      .where(eq(markers.userId, userId))
      .orderBy(asc(markers.createdAt)),
    gallery: await db
      .select({ ...omitUser(getTableColumns(profileArtworks)) })
      .from(profileArtworks)
      .where(eq(profileArtworks.userId, userId))
      .orderBy(asc(profileArtworks.createdAt)),
    forumPosts: await db
      .select(omitUser(getTableColumns(forumPosts)))
      .from(forumPosts)
      .where(eq(forumPosts.userId, userId))
      .orderBy(asc(forumPosts.createdAt)),
    forumLikes: await db
      .select({ postId: forumLikes.postId, createdAt: forumLikes.createdAt })
      .from(forumLikes)
      .where(eq(forumLikes.userId, userId))
      .orderBy(asc(forumLikes.createdAt)),
    inbox: await db
      .select({
        ...omitUser(getTableColumns(inboxItems)),
        // Another player's find names them here only as the inbox does (services/privacy.ts).
        otherUserId: sql<
          string | null
        >`case when ${actorAtArtworkNamed(inboxItems.otherUserId, inboxItems.artworkId, inboxItems.createdAt)} then ${inboxItems.otherUserId} end`,
      })
      .from(inboxItems)
      .where(eq(inboxItems.userId, userId))
      .orderBy(asc(inboxItems.createdAt)),
    // Devices by their push endpoint, not their keys; the topics the player consented to.
    pushDevices: await db
      .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt)),
    pushTopics: await db
      .select({ topic: pushTopics.topic, createdAt: pushTopics.createdAt })
      .from(pushTopics)
      .where(eq(pushTopics.userId, userId))
      .orderBy(asc(pushTopics.topic)),
    missionCompletions: await db
      .select({
        missionId: missionCompletions.missionId,
        missionTitle: missions.title,
        discoveryId: missionCompletions.discoveryId,
        createdAt: missionCompletions.createdAt,
      })
      .from(missionCompletions)
      .innerJoin(missions, eq(missions.id, missionCompletions.missionId))
      .where(eq(missionCompletions.userId, userId))
      .orderBy(asc(missionCompletions.createdAt)),
    reports: await db
      .select({ ...omitKeys(getTableColumns(contentReports), 'reporterId') })
      .from(contentReports)
      .where(eq(contentReports.reporterId, userId))
      .orderBy(asc(contentReports.createdAt)),
    tours: await db
      .select({
        id: tours.id,
        title: tours.title,
        description: tours.description,
        city: tours.city,
        // Its stops' artwork or wall ids, in walking order.
        stops: sql<
          string[]
        >`(select array_agg(coalesce(s.artwork_id, s.wall_id) order by s.position)
          from ${tourStops} s where s.tour_id = ${tours.id})`,
        createdAt: tours.createdAt,
        updatedAt: tours.updatedAt,
        hiddenAt: tours.hiddenAt,
      })
      .from(tours)
      .where(eq(tours.authorId, userId))
      .orderBy(asc(tours.createdAt)),
    questAnswers: await db
      .select({ ...omitUser(getTableColumns(questAnswers)) })
      .from(questAnswers)
      .where(eq(questAnswers.userId, userId))
      .orderBy(asc(questAnswers.createdAt), asc(questAnswers.id)),
    artistSuggestions: await db
      .select({ ...omitUser(getTableColumns(artistSuggestions)) })
      .from(artistSuggestions)
      .where(eq(artistSuggestions.userId, userId))
      .orderBy(asc(artistSuggestions.createdAt)),
    // Claims on artist profiles with their evidence, credits proposed, votes (decision 049).
    artistClaims: await db
      .select({ ...omitUser(getTableColumns(artistClaims)) })
      .from(artistClaims)
      .where(eq(artistClaims.userId, userId))
      .orderBy(asc(artistClaims.createdAt)),
    artistCreditsProposed: await db
      .select({ ...omitKeys(getTableColumns(artistCredits), 'proposedById') })
      .from(artistCredits)
      .where(eq(artistCredits.proposedById, userId))
      .orderBy(asc(artistCredits.createdAt)),
    artistCreditVotes: await db
      .select({ ...omitUser(getTableColumns(artistCreditVotes)) })
      .from(artistCreditVotes)
      .where(eq(artistCreditVotes.userId, userId))
      .orderBy(asc(artistCreditVotes.createdAt)),
    challengeResults: await db
      .select({
        ...omitUser(getTableColumns(challengeCompletions)),
        kind: challenges.kind,
        goal: challenges.goal,
        areaId: challenges.areaId,
      })
      .from(challengeCompletions)
      .innerJoin(challenges, eq(challenges.id, challengeCompletions.challengeId))
      .where(eq(challengeCompletions.userId, userId))
      .orderBy(asc(challengeCompletions.createdAt)),
    // The place the player hides what they log around (null when they set none).
    hiddenHome:
      (
        await db
          .select({ ...omitUser(getTableColumns(playerPrivacy)) })
          .from(playerPrivacy)
          .where(eq(playerPrivacy.userId, userId))
      )[0] ?? null,
    wallProposals: await db
      .select({
        id: legalWalls.id,
        name: legalWalls.name,
        description: legalWalls.description,
        address: legalWalls.address,
        latitude: legalWalls.latitude,
        longitude: legalWalls.longitude,
        permitRules: legalWalls.permitRules,
        imageUrl: legalWalls.imageUrl,
        sourceUrl: legalWalls.sourceUrl,
        status: legalWalls.status,
        createdAt: legalWalls.createdAt,
      })
      .from(legalWalls)
      .where(eq(legalWalls.proposedById, userId))
      .orderBy(asc(legalWalls.createdAt)),
    wallConfirmations: await db
      .select({ ...omitUser(getTableColumns(wallConfirmations)) })
      .from(wallConfirmations)
      .where(eq(wallConfirmations.userId, userId))
      .orderBy(asc(wallConfirmations.createdAt)),
    wallReports: await db
      .select({ ...omitUser(getTableColumns(wallReports)) })
      .from(wallReports)
      .where(eq(wallReports.userId, userId))
      .orderBy(asc(wallReports.createdAt)),
    moderationActions: await moderationOf(db, userId),
    // Not which account it was compared with: that is another player's data.
    accountFlags: await db
      .select({
        reason: accountFlags.reason,
        createdAt: accountFlags.createdAt,
        resolvedAt: accountFlags.resolvedAt,
      })
      .from(accountFlags)
      .where(eq(accountFlags.userId, userId))
      .orderBy(asc(accountFlags.createdAt)),
  };
}

function omitKeys<T extends object, K extends keyof T>(columns: T, ...keys: K[]): Omit<T, K> {
  return Object.fromEntries(
    Object.entries(columns).filter(([key]) => !keys.includes(key as K)),
  ) as Omit<T, K>;
}

const omitUser = <T extends { userId: unknown }>(columns: T) => omitKeys(columns, 'userId');

/**
 * Moderation actions on the player's account or on anything they made. Who acted is not
 * given: staff names are their own personal data.
 */
function moderationOf(db: Tx, userId: string) {
  const theirs = (table: string, owner: string) =>
    sql`${moderationActions.targetId} in (select id from ${sql.identifier(table)} where ${sql.identifier(owner)} = ${userId})`;
  return db
    .select({
      action: moderationActions.action,
      targetType: moderationActions.targetType,
      targetId: moderationActions.targetId,
      reason: moderationActions.reason,
      createdAt: moderationActions.createdAt,
    })
    .from(moderationActions)
    .where(
      or(
        eq(moderationActions.targetId, userId),
        theirs('discoveries', 'user_id'),
        theirs('artwork_logs', 'user_id'),
        theirs('profile_artworks', 'user_id'),
        theirs('forum_posts', 'user_id'),
        theirs('legal_walls', 'proposed_by_id'),
        theirs('objects', 'owner_id'),
      ),
    )
    .orderBy(asc(moderationActions.createdAt));
}
