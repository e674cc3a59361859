import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { distanceKm } from '../../core/geo.ts';
import { SeedLegalWallSchema } from '../../core/schemas/seed.ts';
import type { Db, Tx } from '../db/client.ts';
import { artworkLogs, artworks, legalWalls } from '../db/schema.ts';
import { loadSeedFile } from '../db/seed.ts';
import { DUPLICATE_METRES, slug } from './import-walls.ts';
import type { MappedRows, OpenDataRecord } from './open-data-records.ts';
import type { Kind, OpenDataSource } from './sources.ts';

export interface OpenDataReport {
  source: string;
  added: { at: string; id: string; title: string }[];
  updated: { at: string; id: string; reason: string }[];
  unchanged: { at: string; id: string; reason: string }[];
  skipped: { at: string; reason: string }[];
  fixed: { at: string; fault: string }[];
  /** Rows of this source it no longer lists: marked, never deleted. */
  notInSource: string[];
  /** Rows it lists again after a gap: the mark is cleared. */
  listedAgain: string[];
  /** Why rows missing from the input were left unmarked (a partial listing). */
  note?: string;
}

/** What the import compares: one artwork or wall row, whichever table it is in. */
interface Row {
  id: string;
  kind: Kind;
  latitude: number;
  longitude: number;
  sourceId: string | null;
  sourceRecordId: string | null;
  notInSourceSince: Date | null;
  facts: Record<string, unknown>;
}

const metres = (a: { latitude: number; longitude: number }, b: typeof a) =>
  Math.round(distanceKm(a.latitude, a.longitude, b.latitude, b.longitude) * 1000);

/** The columns a record sets on its own row: facts and where they come from. */
function factsOf(source: OpenDataSource, r: OpenDataRecord): Record<string, unknown> {
  const common = {
    latitude: r.latitude,
    longitude: r.longitude,
    sourceUrl: r.sourceUrl,
    licence: source.licence,
    attribution: source.attribution,
    lowPrecision: r.lowPrecision,
  };
  if (r.kind === 'artwork') {
    return { ...common, title: r.title, artistName: r.artist, year: r.year, address: r.address };
  }
  return {
    ...common,
    name: r.title,
    city: r.city,
    country: r.country,
    address: r.address ?? `Near ${r.latitude.toFixed(5)}, ${r.longitude.toFixed(5)}`,
    permitRequired: r.permitRequired,
    source: `${source.attribution}, ${r.sourceUrl}`,
  };
}

async function loadRows(tx: Tx): Promise<Row[]> {
  const art = await tx.select().from(artworks);
  const walls = await tx.select().from(legalWalls);
  return [
    ...art.map((a) => ({ ...a, kind: 'artwork' as const, facts: a as Record<string, unknown> })),
    ...walls.map((w) => ({
      ...w,
      kind: 'legal_wall' as const,
      facts: w as Record<string, unknown>,
    })),
  ];
}

/**
 * Stores a source's mapped records in one transaction. A record updates the row it made before
 * (same source and record id); one within 50 m of another row of its kind merges into it
 * instead: an imported row gains the facts it lacked, a player's artwork or a curated wall is
 * left exactly as it is. Nothing is deleted: rows the source stopped listing are marked
 * `not_in_source_since` when the listing is complete, and cleared when listed again.
 */
export async function importOpenData(
  db: Db,
  source: OpenDataSource,
  mapped: MappedRows,
  complete: boolean,
  now = new Date(),
): Promise<OpenDataReport> {
  const report: OpenDataReport = {
    source: source.id,
    added: [],
    updated: [],
    unchanged: [],
    skipped: [...mapped.skipped],
    fixed: mapped.fixed,
    notInSource: [],
    listedAgain: [],
  };
  const curated = new Set(loadSeedFile('legal-walls.json', SeedLegalWallSchema).map((w) => w.id));
  const tableOf = (kind: Kind) => (kind === 'artwork' ? artworks : legalWalls);

  await db.transaction(async (tx) => {
    const rows = await loadRows(tx);
    const mine = (r: Row) => r.sourceId === source.id;
    const played = await playedArtworks(
      tx,
      rows.filter((r) => mine(r) && r.kind === 'artwork'),
    );
    const seen = new Set<string>();

    for (const rec of mapped.records) {
      if (seen.has(rec.recordId)) {
        report.skipped.push({ at: rec.at, reason: `record id ${rec.recordId} listed twice` });
        continue;
      }
      seen.add(rec.recordId);
      const facts = factsOf(source, rec);
      const own = rows.find((r) => mine(r) && r.sourceRecordId === rec.recordId);
      if (own) {
        // Players own an artwork's status once they have logged it (found, gone, painted over).
        if (rec.kind === 'artwork' && !played.has(own.id)) facts.status = rec.status;
        const changes = Object.fromEntries(
          Object.entries(facts).filter(([k, v]) => own.facts[k] !== v),
        );
        if (Object.keys(changes).length === 0) {
          report.unchanged.push({ at: rec.at, id: own.id, reason: 'same as before' });
          continue;
        }
        await tx
          .update(tableOf(own.kind))
          .set(changes)
          .where(eq(tableOf(own.kind).id, own.id));
        Object.assign(own.facts, changes);
        report.updated.push({
          at: rec.at,
          id: own.id,
          reason: `changed ${Object.keys(changes).join(', ')}`,
        });
        continue;
      }

      const near = rows
        .filter((r) => r.kind === rec.kind)
        .map((r) => ({ r, m: metres(rec, r) }))
        .filter((x) => x.m < DUPLICATE_METRES)
        .sort((a, b) => a.m - b.m)[0];
      if (near) {
        await mergeInto(tx, near.r, near.m, rec, facts, curated, report);
        continue;
      }

      const id = `${rec.kind === 'artwork' ? 'art' : 'wall'}-${slug(source.id, 90)}-${slug(rec.recordId, 90)}`;
      const common = { id, sourceId: source.id, sourceRecordId: rec.recordId, ...facts };
      if (rec.kind === 'artwork') {
        // No first finder and no photo: the first player to log it becomes its first finder.
        // Listed by the source today counts as seen today; after that only players refresh it.
        await tx.insert(artworks).values({
          ...(common as typeof artworks.$inferInsert),
          emojiPin: 'location',
          status: rec.status,
          lastSeenAt: now,
          createdAt: now,
        });
      } else {
        await tx.insert(legalWalls).values({
          ...(common as typeof legalWalls.$inferInsert),
          description:
            'A legal painting surface listed by the source. Check the signs on site for what is allowed before you paint.',
          hours: 'Not stated by source',
          // A dated list is not today's word: players confirm its walls again.
          status: source.listedYear ? 'unverified' : 'verified',
          listedYear: source.listedYear ?? null,
        });
      }
      rows.push({
        ...rec,
        id,
        sourceId: source.id,
        sourceRecordId: rec.recordId,
        notInSourceSince: null,
        facts,
      });
      report.added.push({ at: rec.at, id, title: rec.title });
    }

    if (!complete) {
      report.note = 'the input holds part of the source: rows it does not list were left unmarked';
      return;
    }
    for (const r of rows.filter(mine)) {
      const listed = mapped.listed.has(r.sourceRecordId ?? '');
      const set =
        !listed && r.notInSourceSince === null
          ? now
          : listed && r.notInSourceSince
            ? null
            : undefined;
      if (set === undefined) continue;
      const table = tableOf(r.kind);
      await tx.update(table).set({ notInSourceSince: set }).where(eq(table.id, r.id));
      (set ? report.notInSource : report.listedAgain).push(r.id);
    }
  });
  return report;
}

/** Imported artworks of this source that players have logged. */
async function playedArtworks(tx: Tx, rows: Row[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const logged = await tx
    .selectDistinct({ id: artworkLogs.artworkId })
    .from(artworkLogs)
    .where(
      inArray(
        artworkLogs.artworkId,
        rows.map((r) => r.id),
      ),
    );
  return new Set(logged.map((l) => l.id));
}

/** A record 50 m from a row it did not make: the row keeps its identity and its owner's facts. */
async function mergeInto(
  tx: Tx,
  target: Row,
  m: number,
  rec: OpenDataRecord,
  facts: Record<string, unknown>,
  curated: Set<string>,
  report: OpenDataReport,
) {
  const at = rec.at;
  if (target.kind === 'artwork' && target.sourceId === null) {
    report.skipped.push({
      at,
      reason: `${m} m from players' artwork ${target.id}: players' artworks are never changed by an import`,
    });
    return;
  }
  if (target.kind === 'legal_wall' && (target.sourceId === null || curated.has(target.id))) {
    report.skipped.push({
      at,
      reason: `${m} m from wall ${target.id}, which is curated or imported by hand: left as it is`,
    });
    return;
  }
  // Another source's row: fill only what it does not know.
  const fill = ['artistName', 'year', 'address'].filter(
    (k) => target.facts[k] == null && facts[k] != null,
  );
  if (fill.length === 0) {
    report.unchanged.push({
      at,
      id: target.id,
      reason: `merged: ${m} m from ${target.id}, nothing new`,
    });
    return;
  }
  const changes = Object.fromEntries(fill.map((k) => [k, facts[k]]));
  const table = target.kind === 'artwork' ? artworks : legalWalls;
  await tx
    .update(table)
    .set(changes)
    .where(and(eq(table.id, target.id), isNotNull(table.sourceId)));
  Object.assign(target.facts, changes);
  report.updated.push({
    at,
    id: target.id,
    reason: `merged: ${m} m from ${target.id}, filled ${fill.join(', ')}`,
  });
}

export function formatOpenDataReport(r: OpenDataReport): string {
  const faults = new Map<string, number>();
  for (const f of r.fixed) faults.set(f.fault, (faults.get(f.fault) ?? 0) + 1);
  return [
    `${r.source}: added ${r.added.length}, updated ${r.updated.length}, unchanged ${r.unchanged.length}, skipped ${r.skipped.length}, no longer listed ${r.notInSource.length}, listed again ${r.listedAgain.length}`,
    ...[...faults].map(([fault, n]) => `  fixed    ${n} × ${fault}`),
    ...(r.note ? [`  note     ${r.note}`] : []),
    ...r.added.map((a) => `  added    ${a.at}: ${a.id} (${a.title})`),
    ...r.updated.map((u) => `  updated  ${u.at}: ${u.id} (${u.reason})`),
    ...r.skipped.map((s) => `  skipped  ${s.at}: ${s.reason}`),
    ...r.fixed.map((f) => `  fixed    ${f.at}: ${f.fault}`),
    ...r.notInSource.map((id) => `  not in source since today: ${id}`),
    ...r.listedAgain.map((id) => `  listed again: ${id}`),
  ].join('\n');
}
