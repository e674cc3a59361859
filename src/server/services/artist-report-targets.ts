import { and, eq, min } from 'drizzle-orm';
import type { ReportTarget } from '../../core/content-reports.ts';
import type { Db, Tx } from '../db/client.ts';
import { artistClaims, artistCredits } from '../db/artists-schema.ts';
import { artists } from '../db/community-schema.ts';
import { contentReports } from '../db/moderation-schema.ts';
import { artworks, users } from '../db/schema.ts';
import { conflict } from '../errors.ts';
import { clip, ownerName, type TargetKind } from './report-target-kind.ts';

/**
 * An artist's page, a verified account's claim on it and a piece's credit as report targets
 * (docs/decisions/049-artists.md). The page belongs to its verified account, a claim to its
 * claimant, a credit to its proposer. A hidden page or credit is gone for players; a claim is
 * never hidden: a moderator revokes the verification or dismisses the reports.
 */

const CREDIT_STATUS = {
  proposed: 'Proposed, waiting for players to confirm it',
  confirmed: 'Confirmed by players',
  disputed: 'Disputed by players',
  rejected: 'Rejected by the artist',
} as const;

/** The artist's verified account and when it was verified, if there is one. */
async function verifiedAccount(db: Db | Tx, artistId: string) {
  const [row] = await db
    .select({ userId: artistClaims.userId, decidedAt: artistClaims.decidedAt })
    .from(artistClaims)
    .where(and(eq(artistClaims.artistId, artistId), eq(artistClaims.status, 'verified')));
  return row ?? null;
}

/** When the page was first reported: a seeded card has no time of its own. */
async function firstReportedAt(db: Db | Tx, type: ReportTarget, id: string) {
  const [row] = await db
    .select({ at: min(contentReports.createdAt) })
    .from(contentReports)
    .where(and(eq(contentReports.targetType, type), eq(contentReports.targetId, id)));
  return row?.at ?? new Date();
}

export const ARTIST_REPORT_TARGETS: Record<
  'artist' | 'artist_claim' | 'artist_credit',
  TargetKind
> = {
  artist: {
    async lock(tx, id) {
      const [row] = await tx
        .select({ hiddenAt: artists.hiddenAt })
        .from(artists)
        .where(eq(artists.id, id))
        .for('update');
      if (!row) return null;
      const owner = await verifiedAccount(tx, id);
      return { ownerId: owner?.userId ?? null, hiddenAt: row.hiddenAt, shown: true };
    },
    async setHidden(tx, id, at) {
      await tx.update(artists).set({ hiddenAt: at }).where(eq(artists.id, id));
    },
    async preview(db, id) {
      const [row] = await db.select().from(artists).where(eq(artists.id, id));
      if (!row) return null;
      const owner = await verifiedAccount(db, id);
      return {
        title: row.aka ? `${row.name} (${row.aka})` : row.name,
        text: clip(`${row.city}, ${row.country} · ${row.activeYears} · ${row.style}`),
        description: null,
        imageUrl: null,
        ownerId: owner?.userId ?? null,
        ownerName: await ownerName(db, owner?.userId ?? null),
        link: `/artists/${row.id}`,
        place: null,
        postedAt: (owner?.decidedAt ?? (await firstReportedAt(db, 'artist', id))).toISOString(),
        hidden: row.hiddenAt !== null,
      };
    },
  },
  artist_claim: {
    neverHiddenByReports: true,
    async lock(tx, id) {
      const [row] = await tx
        .select({ ownerId: artistClaims.userId, status: artistClaims.status })
        .from(artistClaims)
        .where(eq(artistClaims.id, id))
        .for('update');
      // Only a verified claim shows (the page's verified mark); the others are staff's.
      return row
        ? { ownerId: row.ownerId, hiddenAt: null, shown: row.status === 'verified' }
        : null;
    },
    setHidden() {
      throw conflict('A verification is not hidden: revoke it or dismiss its reports.');
    },
    async preview(db, id) {
      const [row] = await db
        .select({ claim: artistClaims, artist: artists.name, username: users.username })
        .from(artistClaims)
        .innerJoin(artists, eq(artists.id, artistClaims.artistId))
        .innerJoin(users, eq(users.id, artistClaims.userId))
        .where(eq(artistClaims.id, id));
      if (!row) return null;
      const { claim } = row;
      const evidence =
        claim.evidenceKind === 'link' ? `Evidence: ${claim.evidenceUrl}` : 'Evidence: a photo';
      return {
        title: `${row.username}’s verification as ${row.artist}`,
        text: clip([evidence, claim.note].filter(Boolean).join('\n')),
        description:
          claim.status === 'verified'
            ? `Verified by ${(await ownerName(db, claim.decidedById)) ?? 'a moderator'}.`
            : `This claim is ${claim.status}.`,
        imageUrl: claim.evidenceKind === 'photo' ? claim.evidenceUrl : null,
        ownerId: claim.userId,
        ownerName: row.username,
        link: `/artists/${claim.artistId}`,
        place: null,
        postedAt: claim.createdAt.toISOString(),
        hidden: false,
      };
    },
  },
  artist_credit: {
    async lock(tx, id) {
      const [row] = await tx
        .select({
          ownerId: artistCredits.proposedById,
          hiddenAt: artistCredits.hiddenAt,
          pieceHidden: artworks.hiddenAt,
        })
        .from(artistCredits)
        .innerJoin(artworks, eq(artworks.id, artistCredits.artworkId))
        .where(eq(artistCredits.id, id))
        .for('update', { of: artistCredits });
      if (!row) return null;
      return { ownerId: row.ownerId, hiddenAt: row.hiddenAt, shown: row.pieceHidden === null };
    },
    async setHidden(tx, id, at) {
      await tx.update(artistCredits).set({ hiddenAt: at }).where(eq(artistCredits.id, id));
    },
    async preview(db, id) {
      const [row] = await db
        .select({ credit: artistCredits, artist: artists.name, piece: artworks })
        .from(artistCredits)
        .innerJoin(artists, eq(artists.id, artistCredits.artistId))
        .innerJoin(artworks, eq(artworks.id, artistCredits.artworkId))
        .where(eq(artistCredits.id, id));
      if (!row) return null;
      const { credit, piece } = row;
      return {
        title: `${row.artist} credited for ${piece.title}`,
        text:
          credit.status === 'confirmed' && credit.settledByArtistAt
            ? 'Confirmed by the artist'
            : CREDIT_STATUS[credit.status],
        description: null,
        imageUrl: piece.coverImageUrl,
        ownerId: credit.proposedById,
        ownerName: await ownerName(db, credit.proposedById),
        link: `/art/${piece.id}`,
        place: { address: piece.address, latitude: piece.latitude, longitude: piece.longitude },
        postedAt: credit.createdAt.toISOString(),
        hidden: credit.hiddenAt !== null,
      };
    },
  },
};
