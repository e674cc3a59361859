import { Transform, type Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';

export type CsvRow =
  { line: number; cells: Record<string, string> } | { line: number; problem: string };

/** Where each line feed of the input is, so a byte offset can be told as a line number. */
class LineBreaks extends Transform {
  private readonly at: number[] = [];
  private seen = 0;

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: () => void) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) {
      this.at.push(this.seen + i);
    }
    this.seen += chunk.length;
    this.push(chunk);
    done();
  }

  /** The line holding byte `offset` (1-based). */
  lineAt(offset: number): number {
    let lo = 0;
    let hi = this.at.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.at[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  }
}

const BREAK = /\r\n|\r|\n/g;

/**
 * The rows of a CSV file with a header row, streamed, each with the line it starts on (a quoted
 * cell may span lines; csv-parse's own line count is off by one on CRLF files). A malformed row (a
 * stray or unclosed quote) comes back as a problem and reading goes on. `header` receives the
 * column names and returns the keys the cells are stored under; it may throw to refuse the file.
 * A file without a header row throws.
 */
export async function* csvRows(
  input: Readable,
  header: (names: string[]) => string[],
  delimiter = ',',
): AsyncGenerator<CsvRow> {
  const breaks = new LineBreaks();
  const parser = parse({
    bom: true,
    trim: true,
    delimiter,
    skip_empty_lines: true,
    relax_column_count: true,
    skip_records_with_error: true,
    info: true,
    raw: true,
  });
  const refused: CsvRow[] = [];
  parser.on('skip', (err: CsvError & { bytes?: number }) => {
    refused.push({
      line: breaks.lineAt(err.bytes ?? 0),
      problem: `unreadable CSV: ${err.message}`,
    });
  });
  input.on('error', (err) => parser.destroy(err));
  breaks.on('error', (err) => parser.destroy(err));
  input.pipe(breaks).pipe(parser);

  let keys: string[] | undefined;
  for await (const { record, raw, info } of parser as AsyncIterable<{
    record: string[];
    raw: string;
    info: { bytes: number };
  }>) {
    const body = raw.replace(/^(?:\r\n|\r|\n)+/, '').replace(/(?:\r\n|\r|\n)$/, '');
    const line = breaks.lineAt(info.bytes - 1) - (body.match(BREAK)?.length ?? 0);
    while (refused.length && refused[0]!.line < line) yield refused.shift()!;
    if (!keys) {
      keys = header(record);
      continue;
    }
    const cells: Record<string, string> = {};
    keys.forEach((k, i) => {
      if (record[i] !== undefined) cells[k] = record[i];
    });
    yield { line, cells };
  }
  if (!keys) throw new Error('it has no header row');
  yield* refused;
}
