import { desc, eq } from 'drizzle-orm';
import { distanceKm } from '../../core/geo.ts';
import { ARTWORK_RULES } from '../../core/rules.ts';
import type { FlagReason } from '../../core/schemas/artworks.ts';
import type { Tx } from '../db/client.ts';
import { artworkLogs } from '../db/schema.ts';

interface LogAttempt {
  userId: string;
  latitude: number;
  longitude: number;
  at: Date;
  /** Where the photo's camera says it was taken, when it said so. */
  photoGps: { latitude: number; longitude: number } | null;
}

/** The photo's camera says it was taken further than photoGpsFlagKm from its pin. */
export function photoFarFromPin(
  photoGps: LogAttempt['photoGps'],
  pin: { latitude: number; longitude: number },
): boolean {
  return (
    photoGps !== null &&
    distanceKm(photoGps.latitude, photoGps.longitude, pin.latitude, pin.longitude) >
      ARTWORK_RULES.photoGpsFlagKm
  );
}

/** Below this a jump between logs is GPS jitter, whatever the time between them. */
const JITTER_KM = 1;

/**
 * Why this log must wait for review, or null. Decided by the server from what it stored: the
 * photo's own GPS (never the client's word) and the player's previous log. A flagged log is
 * kept, pays nothing and shows as pending review (docs/decisions/021-artworks-and-logs.md).
 */
export async function fairPlayFlag(tx: Tx, attempt: LogAttempt): Promise<FlagReason | null> {
  if (photoFarFromPin(attempt.photoGps, attempt)) return 'photo_far_from_pin';
  const [previous] = await tx
    .select({
      latitude: artworkLogs.latitude,
      longitude: artworkLogs.longitude,
      createdAt: artworkLogs.createdAt,
    })
    .from(artworkLogs)
    .where(eq(artworkLogs.userId, attempt.userId))
    .orderBy(desc(artworkLogs.createdAt))
    .limit(1);
  if (!previous) return null;
  const km = distanceKm(previous.latitude, previous.longitude, attempt.latitude, attempt.longitude);
  if (km <= JITTER_KM) return null;
  const hours = Math.max(attempt.at.getTime() - previous.createdAt.getTime(), 0) / 3_600_000;
  return km > ARTWORK_RULES.maxTravelKmh * hours ? 'impossible_travel' : null;
}
