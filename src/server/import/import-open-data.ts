import { and, eq, sql } from 'drizzle-orm';
import { SeedLegalWallSchema } from '../../core/schemas/seed.ts';
import { rowsOf, type Db, type Tx } from '../db/client.ts';
import { artworkLogs } from '../db/schema.ts';
import { loadSeedFile } from '../db/seed.ts';
import {
  RECORDS_PER_TRANSACTION,
  chunks,
  insertMany,
  textsIn,
  updateMany,
  writeBatch,
} from './batch-writes.ts';
import { DUPLICATE_METRES } from './import-walls.ts';
import type { MappedRows, OpenDataRecord } from './open-data-records.ts';
import {
  KINDS,
  comparedColumns,
  factsOf,
  newRow,
  rowOf,
  tableOf,
  type Row,
} from './open-data-rows.ts';
import { PlaceGrid } from './place-grid.ts';
import type { Kind, OpenDataSource } from './sources.ts';

export interface OpenDataReport {
  source: string;
  /** Records of the input that could be used (added, updated, unchanged or merged). */
  usable: number;
  added: { at: string; id: string; title: string }[];
  updated: { at: string; id: string; reason: string }[];
  unchanged: { at: string; id: string; reason: string }[];
  /** Rows left out on purpose: not selected, refused by the source's rules, near a kept row. */
  skipped: { at: string; reason: string }[];
  /** Rows that cannot be used, and why. */
  refused: { at: string; reason: string }[];
  fixed: { at: string; fault: string }[];
  /** Rows of this source it no longer lists: marked, never deleted. */
  notInSource: string[];
  /** Rows it lists again after a gap: the mark is cleared. */
  listedAgain: string[];
  /** Why rows missing from the input were left unmarked (a partial listing, no usable row). */
  note?: string;
}

/** Where a row is, for the 50 m merge: every artwork and wall, without its facts. */
interface Place {
  id: string;
  latitude: number;
  longitude: number;
}

/** Everything one import run shares across its batches. */
interface Run {
  source: OpenDataSource;
  now: Date;
  curated: Set<string>;
  places: Record<Kind, PlaceGrid<Place>>;
  report: OpenDataReport;
}

/**
 * Stores a source's mapped records in transactions of 2,000 with multi-row statements. A
 * record updates the row it made before (same source, record id and kind); one within 50 m of
 * another row of its kind merges into it instead: an imported row gains the facts it lacked, a
 * player's artwork or a curated wall is left exactly as it is. Nothing is deleted: rows the
 * source stopped listing are marked `not_in_source_since` when the listing is complete and this
 * run has at least one usable record, and cleared when listed again.
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
    usable: mapped.records.length,
    added: [],
    updated: [],
    unchanged: [],
    skipped: [...mapped.skipped],
    refused: [...mapped.refused],
    fixed: mapped.fixed,
    notInSource: [],
    listedAgain: [],
  };
  const run: Run = {
    source,
    now,
    report,
    curated: new Set(loadSeedFile('legal-walls.json', SeedLegalWallSchema).map((w) => w.id)),
    places: { artwork: new PlaceGrid(), legal_wall: new PlaceGrid() },
  };
  for (const kind of KINDS) {
    const table = tableOf(kind);
    const all = await db
      .select({ id: table.id, latitude: table.latitude, longitude: table.longitude })
      .from(table);
    for (const p of all) run.places[kind].add(p);
  }

  const seen = new Set<string>();
  const records = mapped.records.filter((rec) => {
    if (!seen.has(rec.recordId)) return seen.add(rec.recordId);
    report.refused.push({ at: rec.at, reason: `record id ${rec.recordId} listed twice` });
    return false;
  });
  for (const batch of chunks(records, RECORDS_PER_TRANSACTION)) {
    const span = `the records from ${batch[0]!.at} to ${batch.at(-1)!.at}`;
    await writeBatch(db, span, (tx) => importBatch(tx, run, batch));
  }

  if (!complete) {
    report.note = 'the input holds part of the source: rows it does not list were left unmarked';
  } else if (records.length === 0) {
    report.note = 'no usable record in this input: nothing was marked as no longer listed';
  } else {
    await writeBatch(db, 'the marks of rows no longer listed', (tx) =>
      markListing(run, tx, mapped.listed),
    );
  }
  return report;
}

async function importBatch(tx: Tx, run: Run, batch: OpenDataRecord[]): Promise<void> {
  const { source, report, places } = run;
  const own = await ownRows(tx, source.id, batch);
  const played = await playedArtworks(tx, [...own.values()]);
  // Every row the batch may change, by id: its own rows, the rows its records are within 50 m
  // of as they stand now, and the rows it adds.
  const rows = new Map([...own.values()].map((r) => [r.id, r]));
  for (const kind of KINDS) {
    const ids: string[] = [];
    for (const rec of batch) {
      if (rec.kind !== kind || own.has(`${kind}:${rec.recordId}`)) continue;
      const twin = places[kind].nearest(rec, DUPLICATE_METRES);
      if (twin && !rows.has(twin.item.id)) ids.push(twin.item.id);
    }
    for (const r of await rowsById(tx, kind, ids)) rows.set(r.id, r);
  }
  const inserts = new Map<string, { rec: OpenDataRecord; row: Record<string, unknown> }>();
  const changes: Record<Kind, Map<string, Record<string, unknown>>> = {
    artwork: new Map(),
    legal_wall: new Map(),
  };
  const change = (row: Row, set: Record<string, unknown>) => {
    Object.assign(row.facts, set);
    const pending = inserts.get(row.id);
    if (pending) Object.assign(pending.row, set);
    else changes[row.kind].set(row.id, { ...changes[row.kind].get(row.id), ...set });
  };

  for (const rec of batch) {
    const facts = factsOf(source, rec);
    const mine = own.get(`${rec.kind}:${rec.recordId}`);
    if (mine) {
      // Players own an artwork's status once they have logged it (found, gone, painted over).
      if (rec.kind === 'artwork' && !played.has(mine.id)) facts.status = rec.status;
      const set = Object.fromEntries(Object.entries(facts).filter(([k, v]) => mine.facts[k] !== v));
      if (Object.keys(set).length === 0) {
        report.unchanged.push({ at: rec.at, id: mine.id, reason: 'same as before' });
        continue;
      }
      change(mine, set);
      report.updated.push({
        at: rec.at,
        id: mine.id,
        reason: `changed ${Object.keys(set).join(', ')}`,
      });
      continue;
    }

    const twin = places[rec.kind].nearest(rec, DUPLICATE_METRES);
    const target = twin && rows.get(twin.item.id);
    if (twin && target) {
      mergeInto(run, target, twin.m, rec, facts, change);
      continue;
    }
    const row = newRow(source, rec, facts, run.now);
    if (rows.has(row.id)) {
      report.refused.push({
        at: rec.at,
        reason: `its id ${row.id} is another record's (record ids that read the same)`,
      });
      continue;
    }
    inserts.set(row.id, { rec, row });
    places[rec.kind].add({ id: row.id, latitude: rec.latitude, longitude: rec.longitude });
    rows.set(row.id, { id: row.id, kind: rec.kind, sourceId: source.id, facts: { ...facts } });
  }

  const added = new Set<string>();
  for (const kind of KINDS) {
    const table = tableOf(kind);
    const rowsOfKind = [...inserts.values()].filter((i) => i.rec.kind === kind);
    for (const id of await insertMany(
      tx,
      table,
      rowsOfKind.map((i) => i.row),
    )) {
      added.add(id);
    }
    // Only imported rows are ever changed: a player's artwork or a hand-made wall has no source.
    const set = [...changes[kind]].map(([id, values]) => ({ id, set: values }));
    await updateMany(tx, table, set, sql`${sql.identifier(table.sourceId.name)} is not null`);
  }
  for (const [id, { rec }] of inserts) {
    if (added.has(id)) report.added.push({ at: rec.at, id, title: rec.title });
    else {
      report.skipped.push({
        at: rec.at,
        reason: `${id} is stored already (added meanwhile by another import, or made from a record id that reads the same)`,
      });
    }
  }
}

/** The rows this source made for the batch's records, by `kind:recordId`. */
async function ownRows(tx: Tx, sourceId: string, batch: OpenDataRecord[]) {
  const own = new Map<string, Row>();
  for (const kind of KINDS) {
    const table = tableOf(kind);
    const ids = batch.filter((r) => r.kind === kind).map((r) => r.recordId);
    if (ids.length === 0) continue;
    const found = await tx
      .select(comparedColumns(kind))
      .from(table)
      .where(and(eq(table.sourceId, sourceId), sql`${table.sourceRecordId} in ${textsIn(ids)}`));
    for (const r of found) own.set(`${kind}:${String(r.sourceRecordId)}`, rowOf(kind, r));
  }
  return own;
}

async function rowsById(tx: Tx, kind: Kind, ids: string[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const table = tableOf(kind);
  const found = await tx
    .select(comparedColumns(kind))
    .from(table)
    .where(sql`${table.id} in ${textsIn(new Set(ids))}`);
  return found.map((r) => rowOf(kind, r));
}

/** Imported artworks of this source that players have logged. */
async function playedArtworks(tx: Tx, rows: Row[]): Promise<Set<string>> {
  const ids = rows.filter((r) => r.kind === 'artwork').map((r) => r.id);
  if (ids.length === 0) return new Set();
  const logged = await tx
    .selectDistinct({ id: artworkLogs.artworkId })
    .from(artworkLogs)
    .where(sql`${artworkLogs.artworkId} in ${textsIn(ids)}`);
  return new Set(logged.map((l) => l.id));
}

/** A record 50 m from a row it did not make: the row keeps its identity and its owner's facts. */
function mergeInto(
  { curated, report }: Run,
  target: Row,
  m: number,
  rec: OpenDataRecord,
  facts: Record<string, unknown>,
  change: (row: Row, set: Record<string, unknown>) => void,
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
  change(target, Object.fromEntries(fill.map((k) => [k, facts[k]])));
  report.updated.push({
    at,
    id: target.id,
    reason: `merged: ${m} m from ${target.id}, filled ${fill.join(', ')}`,
  });
}

/** Marks this source's rows the listing left out, and clears the mark of those back in it. */
async function markListing({ source, now, report }: Run, tx: Tx, listed: Set<string>) {
  const ids = textsIn(listed);
  const at = now.toISOString();
  for (const kind of KINDS) {
    const table = tableOf(kind);
    const gone = await tx.execute(
      sql`update ${table} set not_in_source_since = ${at}::timestamptz
          where source_id = ${source.id} and not_in_source_since is null
            and source_record_id not in ${ids} returning id`,
    );
    const back = await tx.execute(
      sql`update ${table} set not_in_source_since = null
          where source_id = ${source.id} and not_in_source_since is not null
            and source_record_id in ${ids} returning id`,
    );
    report.notInSource.push(
      ...rowsOf<{ id: string }>(gone)
        .map((r) => r.id)
        .sort(),
    );
    report.listedAgain.push(
      ...rowsOf<{ id: string }>(back)
        .map((r) => r.id)
        .sort(),
    );
  }
}

export function formatOpenDataReport(r: OpenDataReport): string {
  const faults = new Map<string, number>();
  for (const f of r.fixed) faults.set(f.fault, (faults.get(f.fault) ?? 0) + 1);
  return [
    ...r.added.map((a) => `  added     ${a.at}: ${a.id} (${a.title})`),
    ...r.updated.map((u) => `  updated   ${u.at}: ${u.id} (${u.reason})`),
    ...r.skipped.map((s) => `  skipped   ${s.at}: ${s.reason}`),
    ...r.fixed.map((f) => `  fixed     ${f.at}: ${f.fault}`),
    ...r.refused.map((s) => `  refused   ${s.at}: ${s.reason}`),
    ...r.notInSource.map((id) => `  not in source since today: ${id}`),
    ...r.listedAgain.map((id) => `  listed again: ${id}`),
    ...[...faults].map(([fault, n]) => `  fixed     ${n} × ${fault}`),
    ...(r.note ? [`  note      ${r.note}`] : []),
    `${r.source}: added ${r.added.length}, updated ${r.updated.length}, unchanged ${r.unchanged.length}, skipped ${r.skipped.length}, refused ${r.refused.length}, no longer listed ${r.notInSource.length}, listed again ${r.listedAgain.length}`,
  ].join('\n');
}
