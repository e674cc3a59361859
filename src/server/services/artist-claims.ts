import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Claim, ClaimArtistSchema } from '../../core/schemas/artists.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { isUniqueViolation, type Db, type Tx } from '../db/client.ts';
import { artistClaims } from '../db/artists-schema.ts';
import { artists } from '../db/community-schema.ts';
import { users } from '../db/schema.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import { verifiedArtistOf } from './verified-artists.ts';
import { recordModerationAction, recordRefusedAttempt } from './audit-log.ts';
import { assertOwnedObject } from './objects.ts';

/**
 * "This is me": claims on artist profiles and staff's verdict (docs/decisions/049). One verified
 * account per artist and one artist per account, held by partial unique indexes.
 */

const VERIFIED_TAKEN = 'This artist already has a verified account.';

/** POST /api/artists/:id/claims: a claim with its evidence, waiting for staff. */
export async function claimArtist(
  db: Db,
  user: SessionUser,
  artistId: string,
  body: z.output<typeof ClaimArtistSchema>,
): Promise<Claim> {
  const [artist] = await db.select().from(artists).where(eq(artists.id, artistId));
  // A page hidden after reports takes no claims until a moderator decides.
  if (!artist || artist.hiddenAt) throw notFound('Artist not found');
  const evidenceUrl =
    body.evidenceKind === 'link'
      ? body.evidenceUrl
      : (await assertOwnedObject(db, user.id, body.imageUrl), body.imageUrl);
  const mine = await verifiedArtistOf(db, user.id);
  if (mine === artistId) throw conflict('You are already this artist’s verified account.');
  if (mine) throw conflict('Your account is already verified as another artist.');
  return db.transaction(async (tx) => {
    const [verified] = await tx
      .select({ id: artistClaims.id })
      .from(artistClaims)
      .where(and(eq(artistClaims.artistId, artistId), eq(artistClaims.status, 'verified')));
    if (verified) throw conflict(VERIFIED_TAKEN);
    const [row] = await tx
      .insert(artistClaims)
      .values({
        id: randomUUID(),
        artistId,
        userId: user.id,
        evidenceKind: body.evidenceKind,
        evidenceUrl,
        note: body.note,
      })
      .returning()
      .catch((err: unknown) => {
        throw isUniqueViolation(err, 'artist_claims_pending_idx')
          ? conflict('Your claim on this artist is already waiting for review.')
          : err;
      });
    await recordModerationAction(tx, {
      actorId: user.id,
      actorLabel: user.username,
      action: 'artist_claim',
      targetType: 'artist',
      targetId: artistId,
      reason: body.note || `Evidence: ${body.evidenceKind}`,
      details: { claimId: row!.id, evidenceKind: body.evidenceKind, evidenceUrl },
    });
    return toClaim(row!, artist.name, user.username);
  });
}

function toClaim(row: typeof artistClaims.$inferSelect, artistName: string, username: string) {
  return {
    id: row.id,
    artist: { id: row.artistId, name: artistName },
    username,
    evidenceKind: row.evidenceKind,
    evidenceUrl: row.evidenceUrl,
    note: row.note,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/artist-claims: the claims waiting for staff, oldest first. */
export async function pendingClaims(db: Db): Promise<Claim[]> {
  const rows = await db
    .select({ claim: artistClaims, artistName: artists.name, username: users.username })
    .from(artistClaims)
    .innerJoin(artists, eq(artists.id, artistClaims.artistId))
    .innerJoin(users, eq(users.id, artistClaims.userId))
    .where(eq(artistClaims.status, 'pending'))
    .orderBy(asc(artistClaims.createdAt), asc(artistClaims.id));
  return rows.map((r) => toClaim(r.claim, r.artistName, r.username));
}

/** POST /api/artist-claims/:id/decision: staff verify or refuse a pending claim, once. */
export async function decideClaim(
  db: Db,
  staff: SessionUser,
  claimId: string,
  decision: 'verify' | 'refuse',
  reason: string,
): Promise<Claim> {
  await refuseOwnClaim(db, staff, claimId, decision, reason);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ claim: artistClaims, artistName: artists.name, username: users.username })
      .from(artistClaims)
      .innerJoin(artists, eq(artists.id, artistClaims.artistId))
      .innerJoin(users, eq(users.id, artistClaims.userId))
      .where(eq(artistClaims.id, claimId))
      .for('update', { of: artistClaims });
    if (!found) throw notFound('Claim not found');
    if (found.claim.status !== 'pending')
      throw conflict(`This claim was already ${found.claim.status}.`);
    const [row] = await tx
      .update(artistClaims)
      .set({
        status: decision === 'verify' ? 'verified' : 'refused',
        decidedById: staff.id,
        decidedAt: new Date(),
      })
      .where(eq(artistClaims.id, claimId))
      .returning()
      .catch((err: unknown) => {
        throw isUniqueViolation(err, 'artist_claims_verified_artist_idx')
          ? conflict(VERIFIED_TAKEN)
          : isUniqueViolation(err, 'artist_claims_verified_user_idx')
            ? conflict('This player is already verified as another artist.')
            : err;
      });
    await recordModerationAction(tx, {
      actorId: staff.id,
      actorLabel: staff.username,
      action: decision === 'verify' ? 'verify_artist_claim' : 'refuse_artist_claim',
      targetType: 'artist',
      targetId: found.claim.artistId,
      reason,
      details: { claimId, username: found.username },
    });
    return toClaim(row!, found.artistName, found.username);
  });
}

/**
 * Separation of duties (docs/decisions/026): staff never decide their own claim. The attempt is
 * refused and still written to the audit log, as `refused`. A claim's claimant never changes, so
 * this needs no lock.
 */
async function refuseOwnClaim(
  db: Db,
  staff: SessionUser,
  claimId: string,
  decision: 'verify' | 'refuse',
  reason: string,
) {
  const [claim] = await db
    .select({ userId: artistClaims.userId, artistId: artistClaims.artistId })
    .from(artistClaims)
    .where(eq(artistClaims.id, claimId))
    .limit(1);
  if (claim?.userId !== staff.id) return;
  const refusal = forbidden('Another moderator must review your own claim.');
  await recordRefusedAttempt(db, staff, {
    targetType: 'artist',
    targetId: claim.artistId,
    reason,
    details: {
      claimId,
      attempted: decision === 'verify' ? 'verify_artist_claim' : 'refuse_artist_claim',
      message: refusal.message,
    },
  });
  throw refusal;
}

/** The claim, its row locked for this transaction: what a moderator revokes. */
export async function lockClaim(tx: Tx, claimId: string) {
  const [row] = await tx
    .select()
    .from(artistClaims)
    .where(eq(artistClaims.id, claimId))
    .for('update');
  if (!row) throw notFound('Claim not found');
  return row;
}

/**
 * A reported verification taken back by staff (a locked claim): the claim is refused, so the
 * artist's page is no longer verified and another claim on it may be verified.
 */
export async function revokeVerification(
  tx: Tx,
  staffId: string,
  claim: typeof artistClaims.$inferSelect,
) {
  if (claim.status !== 'verified') throw conflict('This claim is not verified.');
  await tx
    .update(artistClaims)
    .set({ status: 'refused', decidedById: staffId, decidedAt: new Date() })
    .where(eq(artistClaims.id, claim.id));
}
