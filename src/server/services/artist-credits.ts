import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { CREDIT_RULES, type ArtworkCredits, type Credit } from '../../core/schemas/artists.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { isUniqueViolation, type Db, type Tx } from '../db/client.ts';
import { artistClaims, artistCreditVotes, artistCredits } from '../db/artists-schema.ts';
import { artists } from '../db/community-schema.ts';
import { artworks, users } from '../db/schema.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import { verifiedArtistOf } from './verified-artists.ts';
import { pieceVideo } from './artist-videos.ts';
import { recordModerationAction } from './audit-log.ts';
import { shownUsername } from './hidden-content.ts';

/** Who painted what, settled by players or by the verified artist (docs/decisions/049). */

type CreditRow = typeof artistCredits.$inferSelect;

/** A credit players see: neither it nor its artist's page hidden after reports. Joins `artists`. */
const creditShown = and(isNull(artistCredits.hiddenAt), isNull(artists.hiddenAt));

/** The artist an artwork's free text names, by name or aka, ignoring case and spaces. */
async function artistNamed(db: Db | Tx, text: string | null): Promise<string | null> {
  const name = text?.trim().toLowerCase();
  if (!name || name === 'unknown') return null;
  const [row] = await db
    .select({ id: artists.id })
    .from(artists)
    .where(
      and(
        isNull(artists.hiddenAt),
        or(sql`lower(${artists.name}) = ${name}`, sql`lower(${artists.aka}) = ${name}`),
      ),
    )
    .orderBy(asc(artists.id))
    .limit(1);
  return row?.id ?? null;
}

async function visibleArtwork(db: Db | Tx, artworkId: string) {
  const [artwork] = await db
    .select({ id: artworks.id, title: artworks.title, artistName: artworks.artistName })
    .from(artworks)
    .where(and(eq(artworks.id, artworkId), isNull(artworks.hiddenAt)));
  if (!artwork) throw notFound('Artwork not found');
  return artwork;
}

/** GET /api/artworks/:id/credits: every credit of a piece with its history, oldest first. */
export async function getArtworkCredits(
  db: Db,
  artworkId: string,
  viewer: SessionUser,
): Promise<ArtworkCredits> {
  const viewerId = viewer.id;
  const artwork = await visibleArtwork(db, artworkId);
  const mine = await verifiedArtistOf(db, viewerId);
  const rows = await db
    .select({
      credit: artistCredits,
      artistName: artists.name,
      proposer: shownUsername(),
      verified: sql<boolean>`exists (select 1 from ${artistClaims} vc
        where vc.artist_id = ${artists.id} and vc.status = 'verified')`,
    })
    .from(artistCredits)
    .innerJoin(artists, eq(artists.id, artistCredits.artistId))
    .leftJoin(users, eq(users.id, artistCredits.proposedById))
    .where(and(eq(artistCredits.artworkId, artworkId), creditShown))
    .orderBy(asc(artistCredits.createdAt), asc(artistCredits.id));
  const ids = rows.map((r) => r.credit.id);
  const votes = ids.length
    ? await db
        .select({
          creditId: artistCreditVotes.creditId,
          userId: artistCreditVotes.userId,
          vote: artistCreditVotes.vote,
          username: shownUsername(),
          createdAt: artistCreditVotes.createdAt,
        })
        .from(artistCreditVotes)
        .innerJoin(users, eq(users.id, artistCreditVotes.userId))
        .where(inArray(artistCreditVotes.creditId, ids))
        .orderBy(asc(artistCreditVotes.createdAt))
    : [];

  const credits: Credit[] = rows.map(({ credit, artistName, proposer, verified }) => {
    const own = votes.filter((v) => v.creditId === credit.id);
    const history: Credit['history'] = [
      { kind: 'proposed', username: proposer, at: credit.createdAt.toISOString() },
      ...own.map((v) => ({ kind: v.vote, username: v.username, at: v.createdAt.toISOString() })),
    ];
    if (credit.settledByArtistAt) {
      history.push({
        kind: credit.status === 'rejected' ? 'artist_rejected' : 'artist_confirmed',
        username: artistName,
        at: credit.settledByArtistAt.toISOString(),
      });
    }
    return {
      id: credit.id,
      artist: { id: credit.artistId, name: artistName, verified: Boolean(verified) },
      status: credit.status,
      confirmations: own.filter((v) => v.vote === 'confirm').length,
      disputes: own.filter((v) => v.vote === 'dispute').length,
      settledByArtist: credit.settledByArtistAt !== null,
      myVote: own.find((v) => v.userId === viewerId)?.vote ?? null,
      proposedByMe: credit.proposedById === viewerId,
      canSettle: mine === credit.artistId && credit.settledByArtistAt === null,
      history,
    };
  });
  const named = credits.some((c) => c.status === 'confirmed');
  const suggestion = named ? null : artwork.artistName?.trim() || null;
  return {
    suggestion: suggestion?.toLowerCase() === 'unknown' ? null : suggestion,
    suggestedArtistId: named ? null : await artistNamed(db, artwork.artistName),
    credits,
    video: await pieceVideo(db, viewer, artworkId),
  };
}

/** The artists of a piece's confirmed credits ("A & B"), or null while none is confirmed. */
export async function confirmedArtistName(db: Db, artworkId: string): Promise<string | null> {
  const rows = await db
    .select({ name: artists.name })
    .from(artistCredits)
    .innerJoin(artists, eq(artists.id, artistCredits.artistId))
    .where(
      and(
        eq(artistCredits.artworkId, artworkId),
        eq(artistCredits.status, 'confirmed'),
        creditShown,
      ),
    )
    .orderBy(asc(artistCredits.createdAt), asc(artistCredits.id));
  return rows.length ? rows.map((r) => r.name).join(' & ') : null;
}

/** A credit's status from its votes (CREDIT_RULES); the proposer counts as agreeing. */
function statusFrom(confirms: number, disputes: number): CreditRow['status'] {
  if (disputes >= CREDIT_RULES.disputesNeeded && disputes > confirms + 1) return 'disputed';
  return confirms >= CREDIT_RULES.confirmationsNeeded ? 'confirmed' : 'proposed';
}

/** Counts the votes of a locked credit and moves its status. */
async function recount(tx: Tx, creditId: string) {
  const [counts] = await tx
    .select({
      confirms: sql<number>`count(*) filter (where ${artistCreditVotes.vote} = 'confirm')::int`,
      disputes: sql<number>`count(*) filter (where ${artistCreditVotes.vote} = 'dispute')::int`,
    })
    .from(artistCreditVotes)
    .where(eq(artistCreditVotes.creditId, creditId));
  const status = statusFrom(Number(counts?.confirms ?? 0), Number(counts?.disputes ?? 0));
  await tx.update(artistCredits).set({ status }).where(eq(artistCredits.id, creditId));
}

/** The credit, its row locked for this transaction, on a piece players may see. */
async function lockCredit(tx: Tx, creditId: string): Promise<CreditRow> {
  const [row] = await tx
    .select({ credit: artistCredits })
    .from(artistCredits)
    .innerJoin(artworks, eq(artworks.id, artistCredits.artworkId))
    .innerJoin(artists, eq(artists.id, artistCredits.artistId))
    .where(and(eq(artistCredits.id, creditId), isNull(artworks.hiddenAt), creditShown))
    .for('update', { of: artistCredits });
  if (!row) throw notFound('Credit not found');
  return row.credit;
}

/** A player's vote in their transaction: refused when it is theirs to settle or already said. */
async function castVote(tx: Tx, userId: string, credit: CreditRow, vote: 'confirm' | 'dispute') {
  if (credit.proposedById === userId) {
    throw forbidden('You proposed this credit: other players confirm it.');
  }
  if ((await verifiedArtistOf(tx, userId)) === credit.artistId) {
    throw forbidden('This is your credit: confirm or reject it as the artist.');
  }
  if (credit.settledByArtistAt) throw conflict('The artist has already settled this credit.');
  await tx
    .insert(artistCreditVotes)
    .values({ creditId: credit.id, userId, vote })
    .catch((err: unknown) => {
      throw isUniqueViolation(err, 'artist_credit_votes_credit_id_user_id_pk')
        ? conflict('You have already said whether this is right.')
        : err;
    });
  await recount(tx, credit.id);
}

/**
 * POST /api/artworks/:id/credits: "Who painted this?". The artist's own verified account marks
 * the piece as theirs at once; anyone else proposes it for others to confirm.
 */
export async function proposeCredit(
  db: Db,
  user: SessionUser,
  artworkId: string,
  artistId: string,
): Promise<ArtworkCredits> {
  await db.transaction(async (tx) => {
    await visibleArtwork(tx, artworkId);
    const [artist] = await tx
      .select()
      .from(artists)
      .where(and(eq(artists.id, artistId), isNull(artists.hiddenAt)));
    if (!artist) throw notFound('Artist not found');
    if (await creditHidden(tx, artworkId, artistId)) {
      throw conflict(`The credit of ${artist.name} on this piece is hidden while it is reviewed.`);
    }
    const own = (await verifiedArtistOf(tx, user.id)) === artistId;
    await tx
      .insert(artistCredits)
      .values({
        id: randomUUID(),
        artworkId,
        artistId,
        proposedById: user.id,
        status: own ? 'confirmed' : 'proposed',
        settledByArtistAt: own ? new Date() : null,
      })
      .catch((err: unknown) => {
        throw isUniqueViolation(err, 'artist_credits_once_idx')
          ? conflict(`${artist.name} is already proposed for this piece: confirm it instead.`)
          : err;
      });
  });
  return getArtworkCredits(db, artworkId, user);
}

/** Whether the credit of this artist on this piece is hidden after reports. */
async function creditHidden(db: Db | Tx, artworkId: string, artistId: string) {
  const [row] = await db
    .select({ hiddenAt: artistCredits.hiddenAt })
    .from(artistCredits)
    .where(and(eq(artistCredits.artworkId, artworkId), eq(artistCredits.artistId, artistId)));
  return row?.hiddenAt != null;
}

/** POST /api/artist-credits/:id/votes: once per player per credit (its primary key). */
export async function voteOnCredit(
  db: Db,
  user: SessionUser,
  creditId: string,
  vote: 'confirm' | 'dispute',
): Promise<ArtworkCredits> {
  const credit = await db.transaction(async (tx) => {
    const locked = await lockCredit(tx, creditId);
    await castVote(tx, user.id, locked, vote);
    return locked;
  });
  return getArtworkCredits(db, credit.artworkId, user);
}

/** POST /api/artist-credits/:id/decision: the verified artist's word, in the audit log. */
export async function settleCredit(
  db: Db,
  user: SessionUser,
  creditId: string,
  decision: 'confirm' | 'reject',
): Promise<ArtworkCredits> {
  const credit = await db.transaction(async (tx) => {
    const locked = await lockCredit(tx, creditId);
    if ((await verifiedArtistOf(tx, user.id)) !== locked.artistId) {
      throw forbidden('Only the verified artist can confirm or reject this credit.');
    }
    if (locked.settledByArtistAt) throw conflict('You have already settled this credit.');
    await tx
      .update(artistCredits)
      .set({
        status: decision === 'confirm' ? 'confirmed' : 'rejected',
        settledByArtistAt: new Date(),
      })
      .where(eq(artistCredits.id, creditId));
    const [piece] = await tx
      .select({ title: artworks.title })
      .from(artworks)
      .where(eq(artworks.id, locked.artworkId));
    await recordModerationAction(tx, {
      actorId: user.id,
      actorLabel: user.username,
      action: decision === 'confirm' ? 'artist_confirm_credit' : 'artist_reject_credit',
      targetType: 'artist',
      targetId: locked.artistId,
      reason:
        decision === 'confirm'
          ? 'The artist says it is theirs.'
          : 'The artist says it is not theirs.',
      details: { artworkId: locked.artworkId, title: piece?.title ?? null },
    });
    return locked;
  });
  return getArtworkCredits(db, credit.artworkId, user);
}

/**
 * A "Who painted this?" quest answer (quest-answers.ts): a name that matches an artist proposes
 * them, or confirms them when already proposed; any other name stays a suggestion.
 */
export async function creditFromAnswer(tx: Tx, userId: string, artworkId: string, name: string) {
  const artistId = await artistNamed(tx, name);
  if (!artistId) return;
  const [created] = await tx
    .insert(artistCredits)
    .values({ id: randomUUID(), artworkId, artistId, proposedById: userId })
    .onConflictDoNothing()
    .returning({ id: artistCredits.id });
  // A credit hidden after reports takes no confirmations until a moderator decides.
  if (created || (await creditHidden(tx, artworkId, artistId))) return;
  const [existing] = await tx
    .select({ id: artistCredits.id })
    .from(artistCredits)
    .where(and(eq(artistCredits.artworkId, artworkId), eq(artistCredits.artistId, artistId)));
  const locked = await lockCredit(tx, existing!.id);
  const [voted] = await tx
    .select({ userId: artistCreditVotes.userId })
    .from(artistCreditVotes)
    .where(and(eq(artistCreditVotes.creditId, locked.id), eq(artistCreditVotes.userId, userId)));
  const theirs = (await verifiedArtistOf(tx, userId)) === artistId;
  if (voted || theirs || locked.proposedById === userId || locked.settledByArtistAt) return;
  await castVote(tx, userId, locked, 'confirm');
}

/** A verified artist's new piece, logged with the artist role, is theirs at once. */
export async function creditOwnPiece(tx: Tx, artworkId: string, artistId: string, userId: string) {
  await tx.insert(artistCredits).values({
    id: randomUUID(),
    artworkId,
    artistId,
    proposedById: userId,
    status: 'confirmed',
    settledByArtistAt: new Date(),
  });
}

/**
 * The role a find is paid for: the artist's amount only for a verified artist's own piece (one
 * credited to them, not rejected and not hidden by moderation), the photographer's otherwise.
 */
export async function paidRole(
  tx: Db | Tx,
  userId: string,
  role: 'photographer' | 'artist',
  artworkId: string | null,
): Promise<'photographer' | 'artist'> {
  if (role !== 'artist') return role;
  const artistId = await verifiedArtistOf(tx, userId);
  if (!artistId) return 'photographer';
  if (!artworkId) return 'artist';
  const [credit] = await tx
    .select({ id: artistCredits.id })
    .from(artistCredits)
    .where(
      and(
        eq(artistCredits.artworkId, artworkId),
        eq(artistCredits.artistId, artistId),
        sql`${artistCredits.status} <> 'rejected'`,
        isNull(artistCredits.hiddenAt),
      ),
    );
  return credit ? 'artist' : 'photographer';
}
