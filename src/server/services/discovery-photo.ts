import { and, eq, isNull } from 'drizzle-orm';
import type { CreatedDiscovery } from '../../core/schemas/discoveries.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { isUniqueViolation, type Db } from '../db/client.ts';
import { artworkLogs, artworks, discoveries } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { photoOf } from './artwork-logs.ts';
import { countedDiscovery, toDiscoveryDto } from './discoveries.ts';
import { photoFarFromPin } from './fair-play.ts';
import { notify } from './inbox.ts';
import { releaseLog } from './log-review.ts';
import { ALREADY_DOCUMENTED, assertNotDocumented, assertOwnedObject } from './objects.ts';
import { entitlementsOf } from './users.ts';

export const HAS_PHOTO = 'This discovery already has a photo.';

/**
 * PUT /api/discoveries/:id/photo: the evidence for a find saved without one. The discovery's
 * row is locked and must still have no photo, so of any number of simultaneous adds one lands
 * and pays; the others hear 409. The photo passes the checks a photo at creation passes (the
 * player's own, on no other discovery, taken near the pin); one taken far away holds the find
 * for review instead of paying. A find held for review keeps waiting for the moderator.
 */
export async function addDiscoveryPhoto(
  db: Db,
  user: SessionUser,
  discoveryId: string,
  imageUrl: string,
): Promise<CreatedDiscovery> {
  const object = await assertOwnedObject(db, user.id, imageUrl);
  const photo = photoOf(imageUrl, object);
  return db.transaction(async (tx) => {
    const [discovery] = await tx
      .select()
      .from(discoveries)
      .where(
        and(
          eq(discoveries.id, discoveryId),
          eq(discoveries.userId, user.id),
          isNull(discoveries.hiddenAt),
        ),
      )
      .for('update');
    if (!discovery) throw notFound('Discovery not found');
    if (discovery.imageUrl !== null) throw conflict(HAS_PHOTO);
    await assertNotDocumented(tx, object);
    const [row] = await tx
      .update(discoveries)
      .set({ imageUrl })
      .where(eq(discoveries.id, discovery.id))
      .returning()
      .catch((err: unknown) => {
        throw isUniqueViolation(err, 'discoveries_image_url_idx')
          ? conflict(ALREADY_DOCUMENTED)
          : err;
      });
    if (!row) throw notFound('Discovery not found');

    const [log] = await tx
      .update(artworkLogs)
      .set({ imageUrl, perceptualHash: photo.perceptualHash })
      .where(eq(artworkLogs.discoveryId, discovery.id))
      .returning();
    const done = { completedMissions: [], pendingReview: false, awaitingPhoto: false };
    if (!log || log.reviewStatus !== 'awaiting_photo') {
      return { ...toDiscoveryDto(row), ...done, pendingReview: log?.reviewStatus === 'pending' };
    }
    if (photoFarFromPin(photo.gps, row)) {
      await tx
        .update(artworkLogs)
        .set({ reviewStatus: 'pending', flagReason: 'photo_far_from_pin' })
        .where(eq(artworkLogs.id, log.id));
      await notify(tx, user.id, {
        kind: 'find_held',
        title: row.name,
        artworkId: row.artworkId,
        discoveryId: row.id,
      });
      return { ...toDiscoveryDto(row), ...done, pendingReview: true };
    }
    const award = await releaseLog(tx, { ...log, imageUrl }, 'find_paid');
    // A new piece's first photo is its cover (a later find's photo is set by the release).
    await tx
      .update(artworks)
      .set({ coverImageUrl: imageUrl })
      .where(and(eq(artworks.id, log.artworkId), isNull(artworks.coverImageUrl)));
    const paid = { ...row, tokensAwarded: award };
    const completedMissions =
      award > 0 ? await countedDiscovery(tx, paid, entitlementsOf(user).tokenMultiplier) : [];
    return { ...toDiscoveryDto(paid), ...done, completedMissions };
  });
}
