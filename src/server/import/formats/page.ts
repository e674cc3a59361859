/**
 * One record as a source publishes it, before mapping: its properties and, when the format
 * carries one beside them, its geometry (GeoJSON, an esri point or an OSM point).
 */
export interface SourceRow {
  /** Where it was in the listing, for the report: 'record 12'. */
  at: string;
  props: Record<string, unknown>;
  geometry?: unknown;
  /** Why the entry cannot be a record at all (it is not an object). */
  problem?: string;
}

/**
 * One page of a listing. `next` is the URL of the following page, when the page says there is
 * one; `more` says the listing goes on (a file holding only its first page is not complete).
 */
export interface Page {
  rows: SourceRow[];
  next: URL | null;
  more: boolean;
}

/** A payload shape: recognises a parsed JSON body and reads it as a page. */
export interface PayloadFormat {
  name: string;
  matches(json: unknown): boolean;
  page(json: unknown, url: URL | null, start: number): Page;
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const rowAt = (start: number, i: number) => `record ${start + i + 1}`;

const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v);

/**
 * A listing's entries as rows: each object read by `read`, anything else (null, a number)
 * kept as a row that says what it is, so the report names it instead of a crash or a silence.
 */
export function entryRows(
  list: unknown[],
  start: number,
  read: (entry: Record<string, unknown>) => Omit<SourceRow, 'at'> = (props) => ({ props }),
): SourceRow[] {
  return list.map((entry, i) =>
    isObject(entry)
      ? { at: rowAt(start, i), ...read(entry) }
      : { at: rowAt(start, i), props: {}, problem: `not a record (${kindOf(entry)})` },
  );
}

/** The array a payload keeps its records in, or a one-line refusal of the whole page. */
export function listIn(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${what} is not an array`);
  return value;
}

/** `url` with its query parameters replaced, for the next page. */
export function withParams(url: URL, params: Record<string, number>): URL {
  const next = new URL(url);
  for (const [k, v] of Object.entries(params)) next.searchParams.set(k, String(v));
  return next;
}

export const numParam = (url: URL | null, name: string, fallback: number): number => {
  const n = Number(url?.searchParams.get(name) ?? NaN);
  return Number.isFinite(n) ? n : fallback;
};
