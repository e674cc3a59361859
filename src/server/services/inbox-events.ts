import { and, eq, gte, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { inboxItems } from '../db/inbox-schema.ts';
import { artworkLogs } from '../db/schema.ts';
import type { ReportTarget } from '../../core/content-reports.ts';
import { countedLog } from './counted-log.ts';
import { notify } from './inbox.ts';
import { REPORT_TARGET_KINDS } from './report-targets.ts';

/**
 * What other players and moderators do, told to the players it concerns (docs/decisions/042):
 * each called inside the transaction that makes it happen, with the changed row locked.
 */

/** SPEC §2: a wall's link opens the map there at zoom 16. */
export const wallLink = (wall: { latitude: number; longitude: number }) =>
  `/?${new URLSearchParams({ lat: String(wall.latitude), lng: String(wall.longitude), zoom: '16' })}`;

type Wall = { name: string; latitude: number; longitude: number; proposedById: string | null };

/** The proposer hears their wall became verified or disputed (imported walls have none). */
export async function tellWallProposer(
  tx: Tx,
  wall: Wall,
  kind: 'wall_verified' | 'wall_disputed',
): Promise<void> {
  if (!wall.proposedById) return;
  await notify(tx, wall.proposedById, { kind, title: wall.name, link: wallLink(wall) });
}

/**
 * Each player whose open report a moderator just resolved hears it, once however many reports
 * they made of it: upheld when the thing was hidden or the wall closed, dismissed otherwise.
 */
async function tellReporters(
  tx: Tx,
  reporterIds: (string | null)[],
  upheld: boolean,
  about: { title: string; link: string | null },
): Promise<void> {
  const reporters = new Set(reporterIds.filter((id): id is string => id !== null));
  for (const reporterId of reporters) {
    await notify(tx, reporterId, {
      kind: upheld ? 'report_upheld' : 'report_dismissed',
      title: about.title,
      // What was hidden is no longer there to open.
      link: upheld ? null : about.link,
    });
  }
}

/** A moderator hid (upheld) or restored (dismissed) reported content. */
export async function tellContentReporters(
  tx: Tx,
  reporterIds: (string | null)[],
  hidden: boolean,
  target: { type: ReportTarget; id: string },
): Promise<void> {
  if (reporterIds.length === 0) return;
  const shown = await REPORT_TARGET_KINDS[target.type].preview(tx, target.id);
  await tellReporters(tx, reporterIds, hidden, {
    title: shown?.title ?? 'what you reported',
    link: shown?.link ?? null,
  });
}

/**
 * A moderator verified or closed a wall: its reporters hear their reports decided (upheld when
 * it closed), and its proposer that it is verified.
 */
export async function tellWallReviewed(
  tx: Tx,
  wall: Wall,
  status: 'verified' | 'closed',
  reporterIds: string[],
): Promise<void> {
  await tellReporters(tx, reporterIds, status === 'closed', {
    title: wall.name,
    link: wallLink(wall),
  });
  if (status === 'verified') await tellWallProposer(tx, wall, 'wall_verified');
}

/**
 * A counted gone (or painted-over) report: every other player with a counted find of the
 * artwork hears it, at most once per artwork per UTC day. The caller holds the artwork's row
 * lock, so of simultaneous reports one tells and the others see it was told.
 */
export async function tellFindersGone(
  tx: Tx,
  artwork: { id: string; title: string },
  reporterId: string,
): Promise<void> {
  const [toldToday] = await tx
    .select({ id: inboxItems.id })
    .from(inboxItems)
    .where(
      and(
        eq(inboxItems.artworkId, artwork.id),
        eq(inboxItems.kind, 'piece_gone'),
        gte(
          inboxItems.createdAt,
          sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`,
        ),
      ),
    )
    .limit(1);
  if (toldToday) return;
  const finders = await tx
    .selectDistinct({ userId: artworkLogs.userId })
    .from(artworkLogs)
    .where(
      and(
        eq(artworkLogs.artworkId, artwork.id),
        eq(artworkLogs.kind, 'found'),
        ne(artworkLogs.userId, reporterId),
        countedLog,
      ),
    );
  for (const { userId } of finders) {
    // Not who reported it: that would tell where they were a moment ago.
    await notify(tx, userId, { kind: 'piece_gone', title: artwork.title, artworkId: artwork.id });
  }
}
