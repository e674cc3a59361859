import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { rowsOf, type Db, type Tx } from '../db/client.ts';
import { artworks, legalWalls } from '../db/schema.ts';

/**
 * Records written per transaction: a failure loses at most this much work, and running the same
 * import again picks up where it stopped (an import is idempotent).
 */
export const RECORDS_PER_TRANSACTION = 2000;
/**
 * Rows per statement. The rows travel as one JSON parameter read by `json_to_recordset`: on
 * PGlite that is about four times faster than a parameter per value, and no statement nears
 * Postgres's 65,535-parameter limit.
 */
const ROWS_PER_STATEMENT = 2000;

type Table = typeof legalWalls | typeof artworks;

export function* chunks<T>(items: T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/**
 * A subquery of the given texts, sent as one JSON parameter: `id in ${textsIn(ids)}`. A list of
 * 2,000 parameters costs PGlite more than the query does.
 */
export const textsIn = (texts: Iterable<string>): SQL =>
  sql`(select jsonb_array_elements_text(${JSON.stringify([...texts])}::jsonb))`;

/** The first line of what went wrong, without the SQL and parameters a query error carries. */
function reason(err: unknown): string {
  const cause = (err as { cause?: unknown }).cause;
  const message = cause instanceof Error ? cause.message : (err as Error).message;
  return message.split('\n')[0]!;
}

/** One transaction of an import; a refusal stops it with one line naming the records. */
export async function writeBatch<T>(
  db: Db,
  records: string,
  write: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(write);
  } catch (err) {
    throw new Error(
      `The database refused ${records}: ${reason(err)}. Batches before them are stored; the same import again continues.`,
    );
  }
}

/** `json_to_recordset` of `rows` (keyed by schema names): the source of a multi-row write. */
function recordset(table: Table, keys: string[], rows: Record<string, unknown>[]): SQL {
  const columns = getTableColumns(table) as unknown as Record<string, PgColumn>;
  const cols = keys.map((k) => columns[k]!);
  const json = rows.map((row) =>
    Object.fromEntries(
      keys.map((k, i) => {
        const v = row[k];
        return [cols[i]!.name, v === null || v === undefined ? null : cols[i]!.mapToDriverValue(v)];
      }),
    ),
  );
  const types = sql.join(
    cols.map((c) => sql`${sql.identifier(c.name)} ${sql.raw(c.getSQLType())}`),
    sql`, `,
  );
  return sql`json_to_recordset(${JSON.stringify(json)}::json) as r(${types})`;
}

const names = (table: Table, keys: string[], prefix?: string) => {
  const columns = getTableColumns(table) as unknown as Record<string, PgColumn>;
  return sql.join(
    keys.map((k) => sql`${sql.raw(prefix ?? '')}${sql.identifier(columns[k]!.name)}`),
    sql`, `,
  );
};

/**
 * Inserts rows of one shape (the same keys, by schema name) in multi-row statements. A row
 * whose id or (source, record id) another writer took first is left out (`on conflict do
 * nothing`); the ids inserted are returned.
 */
export async function insertMany(
  tx: Tx,
  table: Table,
  rows: Record<string, unknown>[],
): Promise<Set<string>> {
  const added = new Set<string>();
  if (rows.length === 0) return added;
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  for (const chunk of chunks(rows, ROWS_PER_STATEMENT)) {
    const done = await tx.execute(
      sql`insert into ${table} (${names(table, keys)})
          select ${names(table, keys, 'r.')} from ${recordset(table, keys, chunk)}
          on conflict do nothing returning id`,
    );
    for (const r of rowsOf<{ id: string }>(done)) added.add(r.id);
  }
  return added;
}

export interface RowChange {
  id: string;
  /** Column values by their schema names (`notInSourceSince`). */
  set: Record<string, unknown>;
}

/**
 * Updates rows in multi-row statements (`update … from json_to_recordset(…)`), one per set of
 * changed columns. `guard` is a further condition every updated row must meet.
 */
export async function updateMany(
  tx: Tx,
  table: Table,
  changes: RowChange[],
  guard?: SQL,
): Promise<void> {
  const groups = new Map<string, RowChange[]>();
  for (const c of changes) {
    const key = Object.keys(c.set).sort().join(',');
    const group = groups.get(key);
    if (group) group.push(c);
    else groups.set(key, [c]);
  }
  for (const [key, group] of groups) {
    const keys = key.split(',');
    const columns = getTableColumns(table) as unknown as Record<string, PgColumn>;
    const sets = sql.join(
      keys.map(
        (k) => sql`${sql.identifier(columns[k]!.name)} = r.${sql.identifier(columns[k]!.name)}`,
      ),
      sql`, `,
    );
    for (const chunk of chunks(group, ROWS_PER_STATEMENT)) {
      const rows = chunk.map((c) => ({ id: c.id, ...c.set }));
      await tx.execute(
        sql`update ${table} set ${sets} from ${recordset(table, ['id', ...keys], rows)}
            where ${table}.id = r.id ${guard ? sql`and ${guard}` : sql``}`,
      );
    }
  }
}
