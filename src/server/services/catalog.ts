import { asc, sql } from 'drizzle-orm';
import type { Mission } from '../../core/schemas/catalog.ts';
import type { Db } from '../db/client.ts';
import { missionCompletions, missions } from '../db/community-schema.ts';

/**
 * Missions still running (no expiry, or expiry in the future by the database clock), the soonest
 * to expire first (open-ended ones last), then by title. completedByMe comes from
 * mission_completions.
 */
export async function listActiveMissions(db: Db, viewerId: string): Promise<Mission[]> {
  const rows = await db
    .select({
      id: missions.id,
      title: missions.title,
      description: missions.description,
      difficulty: missions.difficulty,
      rewardTokens: missions.rewardTokens,
      missionType: missions.missionType,
      targetEmojiPin: missions.targetEmojiPin,
      targetLat: missions.targetLat,
      targetLng: missions.targetLng,
      maxCompletions: missions.maxCompletions,
      currentCompletions: missions.currentCompletions,
      expiresAt: missions.expiresAt,
      completedByMe: sql<boolean>`exists (select 1 from ${missionCompletions}
        where ${missionCompletions.missionId} = ${missions.id}
          and ${missionCompletions.userId} = ${viewerId})`,
    })
    .from(missions)
    .where(sql`${missions.expiresAt} is null or ${missions.expiresAt} > now()`)
    .orderBy(sql`${missions.expiresAt} asc nulls last`, asc(missions.title), asc(missions.id));
  return rows.map(({ targetLat, targetLng, expiresAt, completedByMe, ...m }) => ({
    ...m,
    targetLocation:
      targetLat === null || targetLng === null ? null : { lat: targetLat, lng: targetLng },
    expiresAt: expiresAt?.toISOString() ?? null,
    completedByMe: Boolean(completedByMe),
  }));
}

/** The next moment a running mission expires (the list changes by the clock alone). */
export async function nextMissionExpiry(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${missions.expiresAt})` })
    .from(missions)
    .where(sql`${missions.expiresAt} > now()`);
  return row?.at ? new Date(row.at) : null;
}
