import { sql } from 'drizzle-orm';
import type { QueueHistory } from '../../core/schemas/moderation.ts';
import { rowsOf, type Db } from '../db/client.ts';

/**
 * What happened to queue items before (docs/decisions/046): the audit log's newest entries on
 * each, how many decisions each has had, and the logs of the artwork each is about.
 */

/** Earlier decisions a card lists; the count covers them all. */
const DECISIONS_SHOWN = 5;

/** One queue item: its audit log target, and the artwork it is about, if any. */
export interface HistoryTarget {
  targetType: string;
  targetId: string;
  artworkId: string | null;
}

const keyOf = (targetType: string, targetId: string) => `${targetType}:${targetId}`;

/** `(a, b) in ((…), (…))` over the targets; never called with none. */
const pairsIn = (targets: HistoryTarget[]) =>
  sql.join(
    targets.map((t) => sql`(${t.targetType}::text, ${t.targetId}::text)`),
    sql`, `,
  );

async function decisionsOf(db: Db, targets: HistoryTarget[]) {
  const result = await db.execute(sql`
    select target_type as "targetType", target_id as "targetId", actor_label as actor, action,
           reason, created_at as "createdAt", shown, decided
    from (
      select m.*,
        row_number() over (partition by target_type, target_id order by created_at desc, id desc) as shown,
        (count(*) filter (where action <> 'refused') over (partition by target_type, target_id))::int as decided
      from moderation_actions m
      where (target_type, target_id) in (${pairsIn(targets)})
    ) ranked
    where shown <= ${DECISIONS_SHOWN}
    order by created_at desc, id desc`);
  return rowsOf<{
    targetType: string;
    targetId: string;
    actor: string;
    action: string;
    reason: string;
    createdAt: Date | string;
    decided: number;
  }>(result);
}

async function logsOf(db: Db, artworkIds: string[]) {
  if (artworkIds.length === 0) return new Map<string, QueueHistory['logs']>();
  const result = await db.execute(sql`
    select artwork_id as "artworkId",
           (count(*) filter (where kind = 'found'))::int as found,
           (count(*) filter (where kind = 'gone'))::int as gone,
           (count(*) filter (where kind = 'painted_over'))::int as "paintedOver"
    from artwork_logs
    where artwork_id in (${sql.join(
      artworkIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by artwork_id`);
  const rows = rowsOf<{ artworkId: string; found: number; gone: number; paintedOver: number }>(
    result,
  );
  return new Map(rows.map(({ artworkId, ...counts }) => [artworkId, counts]));
}

/** The history of each target, in two queries whatever the page's size. */
export async function historiesOf(
  db: Db,
  targets: HistoryTarget[],
): Promise<(targetType: string, targetId: string) => QueueHistory> {
  const artworkIds = [...new Set(targets.flatMap((t) => (t.artworkId ? [t.artworkId] : [])))];
  const [decisions, logs] = await Promise.all([
    targets.length ? decisionsOf(db, targets) : [],
    logsOf(db, artworkIds),
  ]);
  const histories = new Map<string, QueueHistory>();
  for (const t of targets) {
    const none = t.artworkId ? { found: 0, gone: 0, paintedOver: 0 } : null;
    const artworkLogs = t.artworkId ? (logs.get(t.artworkId) ?? none) : null;
    histories.set(keyOf(t.targetType, t.targetId), {
      decisions: [],
      decisionCount: 0,
      logs: artworkLogs,
    });
  }
  for (const row of decisions) {
    const history = histories.get(keyOf(row.targetType, row.targetId))!;
    history.decisionCount = Number(row.decided);
    history.decisions.push({
      actor: row.actor,
      action: row.action,
      reason: row.reason,
      createdAt: new Date(row.createdAt).toISOString(),
    });
  }
  return (targetType, targetId) => histories.get(keyOf(targetType, targetId))!;
}
