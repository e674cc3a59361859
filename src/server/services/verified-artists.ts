import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { artistClaims } from '../db/artists-schema.ts';

/** The artist whose verified account this player is, or null (docs/decisions/049). */
export async function verifiedArtistOf(db: Db | Tx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ artistId: artistClaims.artistId })
    .from(artistClaims)
    .where(and(eq(artistClaims.userId, userId), eq(artistClaims.status, 'verified')));
  return row?.artistId ?? null;
}
