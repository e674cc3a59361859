import type { Db } from '../db/client.ts';
import { markSessionsSeen, type SeenMark } from './sessions.ts';

/** Pending marks are written this often, all in one statement. */
export const LAST_SEEN_FLUSH_MS = 10_000;

/** Sessions per statement: three parameters each, well under Postgres' 65,535. */
const MARKS_PER_STATEMENT = 10_000;

/**
 * Sessions marked seen, written together (docs/decisions/050): a busy process writes last seen
 * once every LAST_SEEN_FLUSH_MS, not once per session due, and no request waits for it. The
 * write keeps decision 032's rule: a row another process moved within the step is left.
 */
export class LastSeenBatch {
  private pending = new Map<string, SeenMark>();
  private flushing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly stepMs: number,
    onError: (err: unknown) => void,
  ) {
    this.timer = setInterval(() => this.flush().catch(onError), LAST_SEEN_FLUSH_MS);
    this.timer.unref();
  }

  /** The session (by id hash) was seen now; the country follows the latest request with one. */
  mark(idHash: string, country: string | null): void {
    const earlier = this.pending.get(idHash)?.country ?? null;
    this.pending.set(idHash, { idHash, at: new Date(), country: country ?? earlier });
  }

  /** Writes every pending mark; resolves once those made before the call are written. */
  flush(): Promise<void> {
    const next = this.flushing.then(() => this.write());
    // A failed write is reported to this caller; the next flush still runs.
    this.flushing = next.catch(() => {});
    return next;
  }

  /** Writes what is pending and stops the timer (the process is closing). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    const marks = [...this.pending.values()];
    this.pending = new Map();
    for (let i = 0; i < marks.length; i += MARKS_PER_STATEMENT) {
      const chunk = marks.slice(i, i + MARKS_PER_STATEMENT);
      try {
        await markSessionsSeen(this.db, chunk, this.stepMs);
      } catch (err) {
        // Kept for the next flush, unless a later mark of the same session replaced them.
        for (const mark of marks.slice(i)) {
          if (!this.pending.has(mark.idHash)) this.pending.set(mark.idHash, mark);
        }
        throw err;
      }
    }
  }
}
