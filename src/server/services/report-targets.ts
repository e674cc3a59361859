import { eq } from 'drizzle-orm';
import type { ReportTarget } from '../../core/content-reports.ts';
import {
  artworkLogs,
  artworks,
  discoveries,
  legalWalls,
  profileArtworks,
  users,
} from '../db/schema.ts';
import { forumPosts } from '../db/community-schema.ts';
import { tours } from '../db/tours-schema.ts';
import { ARTIST_REPORT_TARGETS } from './artist-report-targets.ts';
import { refreshCover, refreshDescription } from './hidden-content.ts';
import { clip, ownerName, type TargetKind } from './report-target-kind.ts';
import { stopsOf } from './tour-stops.ts';

export { clip };

/**
 * Everything a player can report, one entry per kind (docs/decisions/026): who owns it, whether
 * it is hidden, how to hide or restore it, and what staff see of it in the queue.
 */

const LOG_TITLES = { found: 'Found log', gone: 'Gone report', painted_over: 'Painted-over report' };

export const REPORT_TARGET_KINDS: Record<ReportTarget, TargetKind> = {
  discovery: {
    async lock(tx, id) {
      const [row] = await tx
        .select({ ownerId: discoveries.userId, hiddenAt: discoveries.hiddenAt })
        .from(discoveries)
        .where(eq(discoveries.id, id))
        .for('update');
      return row ? { ...row, shown: true } : null;
    },
    async setHidden(tx, id, at) {
      const [row] = await tx
        .update(discoveries)
        .set({ hiddenAt: at })
        .where(eq(discoveries.id, id))
        .returning({ artworkId: discoveries.artworkId, imageUrl: discoveries.imageUrl });
      if (row?.artworkId) await refreshCover(tx, row.artworkId, row.imageUrl);
      await refreshDescription(tx, id);
    },
    async preview(db, id) {
      const [row] = await db.select().from(discoveries).where(eq(discoveries.id, id));
      if (!row) return null;
      return {
        title: row.name,
        text: row.description ? clip(row.description) : null,
        description: null,
        imageUrl: row.imageUrl,
        ownerId: row.userId,
        ownerName: await ownerName(db, row.userId),
        link: row.artworkId ? `/art/${row.artworkId}` : null,
        // A discovery's address is its coordinates as text (SPEC §3): no address to add.
        place: { address: null, latitude: row.latitude, longitude: row.longitude },
        postedAt: row.createdAt.toISOString(),
        hidden: row.hiddenAt !== null,
      };
    },
  },
  artwork: {
    async lock(tx, id) {
      const [row] = await tx
        .select({ ownerId: artworks.firstFinderId, hiddenAt: artworks.hiddenAt })
        .from(artworks)
        .where(eq(artworks.id, id))
        .for('update');
      return row ? { ...row, shown: true } : null;
    },
    async setHidden(tx, id, at) {
      await tx.update(artworks).set({ hiddenAt: at }).where(eq(artworks.id, id));
    },
    async preview(db, id) {
      const [row] = await db.select().from(artworks).where(eq(artworks.id, id));
      if (!row) return null;
      return {
        title: row.title,
        text: row.artistName ? `by ${row.artistName}` : null,
        description: row.description || null,
        imageUrl: row.coverImageUrl,
        ownerId: row.firstFinderId,
        ownerName: await ownerName(db, row.firstFinderId),
        link: `/art/${row.id}`,
        place: { address: row.address, latitude: row.latitude, longitude: row.longitude },
        postedAt: row.createdAt.toISOString(),
        hidden: row.hiddenAt !== null,
      };
    },
  },
  artwork_log: {
    async lock(tx, id) {
      const [row] = await tx
        .select({
          ownerId: artworkLogs.userId,
          hiddenAt: artworkLogs.hiddenAt,
          reviewStatus: artworkLogs.reviewStatus,
        })
        .from(artworkLogs)
        .where(eq(artworkLogs.id, id))
        .for('update');
      if (!row) return null;
      // A log held for review or voided is not shown to other players.
      const shown = row.reviewStatus === null || row.reviewStatus === 'approved';
      return { ownerId: row.ownerId, hiddenAt: row.hiddenAt, shown };
    },
    async setHidden(tx, id, at) {
      const [row] = await tx
        .update(artworkLogs)
        .set({ hiddenAt: at })
        .where(eq(artworkLogs.id, id))
        .returning({
          artworkId: artworkLogs.artworkId,
          imageUrl: artworkLogs.imageUrl,
          discoveryId: artworkLogs.discoveryId,
        });
      if (row) await refreshCover(tx, row.artworkId, row.imageUrl);
      await refreshDescription(tx, row?.discoveryId ?? null);
    },
    async preview(db, id) {
      const [row] = await db
        .select({
          log: artworkLogs,
          title: artworks.title,
          address: artworks.address,
          note: discoveries.description,
        })
        .from(artworkLogs)
        .innerJoin(artworks, eq(artworks.id, artworkLogs.artworkId))
        .leftJoin(discoveries, eq(discoveries.id, artworkLogs.discoveryId))
        .where(eq(artworkLogs.id, id));
      if (!row) return null;
      return {
        title: `${LOG_TITLES[row.log.kind]} of ${row.title}`,
        // A find's note shows with it in the artwork's history.
        text: row.note ? clip(row.note) : null,
        description: null,
        imageUrl: row.log.imageUrl,
        ownerId: row.log.userId,
        ownerName: await ownerName(db, row.log.userId),
        link: `/art/${row.log.artworkId}`,
        // Where the player logged it from.
        place: { address: row.address, latitude: row.log.latitude, longitude: row.log.longitude },
        postedAt: row.log.createdAt.toISOString(),
        hidden: row.log.hiddenAt !== null,
      };
    },
  },
  forum_post: {
    async lock(tx, id) {
      const [row] = await tx
        .select({ ownerId: forumPosts.userId, hiddenAt: forumPosts.hiddenAt })
        .from(forumPosts)
        .where(eq(forumPosts.id, id))
        .for('update');
      return row ? { ...row, shown: true } : null;
    },
    async setHidden(tx, id, at) {
      await tx.update(forumPosts).set({ hiddenAt: at }).where(eq(forumPosts.id, id));
    },
    async preview(db, id) {
      const [row] = await db.select().from(forumPosts).where(eq(forumPosts.id, id));
      if (!row) return null;
      return {
        title: row.title ?? (row.parentId ? 'Reply' : 'Post'),
        text: clip(row.content),
        description: null,
        imageUrl: null,
        ownerId: row.userId,
        ownerName: (await ownerName(db, row.userId)) ?? row.authorName,
        link: '/community',
        place: null,
        postedAt: row.createdAt.toISOString(),
        hidden: row.hiddenAt !== null,
      };
    },
  },
  wall: {
    async lock(tx, id) {
      const [row] = await tx
        .select({ ownerId: legalWalls.proposedById, hiddenAt: legalWalls.hiddenAt })
        .from(legalWalls)
        .where(eq(legalWalls.id, id))
        .for('update');
      return row ? { ...row, shown: true } : null;
    },
    async setHidden(tx, id, at) {
      await tx.update(legalWalls).set({ hiddenAt: at }).where(eq(legalWalls.id, id));
    },
    async preview(db, id) {
      const [row] = await db.select().from(legalWalls).where(eq(legalWalls.id, id));
      if (!row) return null;
      return {
        title: row.name,
        text: clip(`${row.city}, ${row.country}. ${row.description}`),
        description: null,
        imageUrl: row.imageUrl,
        ownerId: row.proposedById,
        ownerName: await ownerName(db, row.proposedById),
        link: null,
        place: {
          address: `${row.address}, ${row.city}, ${row.country}`,
          latitude: row.latitude,
          longitude: row.longitude,
        },
        postedAt: row.createdAt.toISOString(),
        hidden: row.hiddenAt !== null,
      };
    },
  },
  profile: {
    async lock(tx, id) {
      const [row] = await tx
        .select({ ownerId: users.id, hiddenAt: users.profileHiddenAt })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      return row ? { ...row, shown: true } : null;
    },
    async setHidden(tx, id, at) {
      await tx.update(users).set({ profileHiddenAt: at }).where(eq(users.id, id));
    },
    async preview(db, id) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      if (!row) return null;
      return {
        title: row.username,
        text: 'Username and profile picture',
        description: null,
        imageUrl: row.profileImageUrl,
        ownerId: row.id,
        ownerName: row.username,
        link: null,
        place: null,
        postedAt: row.createdAt.toISOString(),
        hidden: row.profileHiddenAt !== null,
      };
    },
  },
  gallery_art: {
    async lock(tx, id) {
      const [row] = await tx
        .select({ ownerId: profileArtworks.userId, hiddenAt: profileArtworks.hiddenAt })
        .from(profileArtworks)
        .where(eq(profileArtworks.id, id))
        .for('update');
      return row ? { ...row, shown: true } : null;
    },
    async setHidden(tx, id, at) {
      await tx.update(profileArtworks).set({ hiddenAt: at }).where(eq(profileArtworks.id, id));
    },
    async preview(db, id) {
      const [row] = await db.select().from(profileArtworks).where(eq(profileArtworks.id, id));
      if (!row) return null;
      return {
        title: row.title,
        text: row.description ? clip(row.description) : null,
        description: null,
        imageUrl: row.imageUrl,
        ownerId: row.userId,
        ownerName: await ownerName(db, row.userId),
        link: null,
        place: null,
        postedAt: row.createdAt.toISOString(),
        hidden: row.hiddenAt !== null,
      };
    },
  },
  tour: {
    async lock(tx, id) {
      const [row] = await tx
        .select({ ownerId: tours.authorId, hiddenAt: tours.hiddenAt })
        .from(tours)
        .where(eq(tours.id, id))
        .for('update');
      return row ? { ...row, shown: true } : null;
    },
    async setHidden(tx, id, at) {
      await tx.update(tours).set({ hiddenAt: at }).where(eq(tours.id, id));
    },
    async preview(db, id) {
      const [row] = await db.select().from(tours).where(eq(tours.id, id));
      if (!row) return null;
      const stops = (await stopsOf(db, [id])).get(id)!;
      const start = stops[0];
      return {
        title: row.title,
        text: clip(`${row.city} · ${stops.map((s) => s.title).join(' → ')}. ${row.description}`),
        description: null,
        imageUrl: null,
        ownerId: row.authorId,
        ownerName: await ownerName(db, row.authorId),
        link: `/tours/${row.id}`,
        place: start
          ? { address: row.city, latitude: start.latitude, longitude: start.longitude }
          : null,
        postedAt: row.createdAt.toISOString(),
        hidden: row.hiddenAt !== null,
      };
    },
  },
  ...ARTIST_REPORT_TARGETS,
};
