import { Readable } from 'node:stream';
import { csvRows } from '../csv-rows.ts';
import type { Page, SourceRow } from './page.ts';

/**
 * CSV with a header row, as portals export it: `;` (Opendatasoft's default) or `,`, quoted
 * fields that may span lines, a BOM. The delimiter is the one the header line uses most. A row
 * is labelled by the line it starts on; a malformed one is kept as a row that says why.
 */
export async function csvPage(text: string): Promise<Page> {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => header.split(c).length;
  const delimiter = count(';') > count(',') ? ';' : ',';
  const rows: SourceRow[] = [];
  const names = (cells: string[]) => cells;
  for await (const row of csvRows(Readable.from([Buffer.from(text)]), names, delimiter)) {
    rows.push(
      'problem' in row
        ? { at: `line ${row.line}`, props: {}, problem: row.problem }
        : { at: `line ${row.line}`, props: row.cells },
    );
  }
  return { rows, more: false, next: null };
}
