import { and, asc, eq, gt, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import { MISSION_RADIUS_M } from '../../core/rules.ts';
import type { CompletedMission } from '../../core/schemas/discoveries.ts';
import type { Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { missionCompletions, missions } from '../db/community-schema.ts';
import { withinRadius } from './nearby.ts';

export interface MissionProgressInput {
  userId: string;
  discoveryId: string;
  latitude: number;
  longitude: number;
  emojiPin: string;
  /** Pro doubles every earning, mission rewards included ("2x Token Earnings"). */
  multiplier: number;
}

/**
 * Mission progress for one new discovery, inside the discovery's transaction.
 *
 * A mission is completed by a discovery within MISSION_RADIUS_M of its target with its target
 * pin, while it has not expired. Each player completes a mission at most once (the
 * mission_completions primary key), and never more than maxCompletions players complete it:
 * the completion row is inserted first, then the mission's counter is raised by a conditional
 * UPDATE. Under READ COMMITTED a concurrent UPDATE of the same row waits for the other
 * transaction and re-checks `current_completions < max_completions` on the committed row, so
 * the cap holds; when the UPDATE matches nothing the completion row is removed again.
 * Missions are taken in id order so concurrent transactions lock them in the same order.
 *
 * Returns the missions completed, with the tokens actually credited.
 */
export async function recordMissionProgress(
  tx: Tx,
  input: MissionProgressInput,
): Promise<CompletedMission[]> {
  const centre = { latitude: input.latitude, longitude: input.longitude };
  const candidates = await tx
    .select({ id: missions.id, title: missions.title, rewardTokens: missions.rewardTokens })
    .from(missions)
    .where(
      and(
        withinRadius(missions.targetLat, missions.targetLng, centre, MISSION_RADIUS_M / 1000),
        eq(missions.targetEmojiPin, input.emojiPin),
        or(isNull(missions.expiresAt), gt(missions.expiresAt, sql`now()`)),
        or(
          isNull(missions.maxCompletions),
          lt(missions.currentCompletions, missions.maxCompletions),
        ),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(missionCompletions)
            .where(
              and(
                eq(missionCompletions.missionId, missions.id),
                eq(missionCompletions.userId, input.userId),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(missions.id));

  const completed: CompletedMission[] = [];
  for (const mission of candidates) {
    const claimed = await tx
      .insert(missionCompletions)
      .values({ missionId: mission.id, userId: input.userId, discoveryId: input.discoveryId })
      .onConflictDoNothing()
      .returning({ missionId: missionCompletions.missionId });
    if (claimed.length === 0) continue; // already completed by this player

    const counted = await tx
      .update(missions)
      .set({ currentCompletions: sql`${missions.currentCompletions} + 1` })
      .where(
        and(
          eq(missions.id, mission.id),
          or(
            isNull(missions.maxCompletions),
            lt(missions.currentCompletions, missions.maxCompletions),
          ),
          or(isNull(missions.expiresAt), gt(missions.expiresAt, sql`now()`)),
        ),
      )
      .returning({ id: missions.id });
    if (counted.length === 0) {
      // Someone else took the last place: this completion does not stand.
      await tx
        .delete(missionCompletions)
        .where(
          and(
            eq(missionCompletions.missionId, mission.id),
            eq(missionCompletions.userId, input.userId),
          ),
        );
      continue;
    }
    completed.push({
      id: mission.id,
      title: mission.title,
      rewardTokens: mission.rewardTokens * input.multiplier,
    });
  }

  const bonus = completed.reduce((sum, m) => sum + m.rewardTokens, 0);
  if (bonus > 0) {
    await tx
      .update(users)
      .set({ tokens: sql`${users.tokens} + ${bonus}` })
      .where(eq(users.id, input.userId));
  }
  return completed;
}
