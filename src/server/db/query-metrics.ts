import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { dbQueries, forgetPool, watchPool } from '../observability/metrics.ts';

/** Clients already timed: a test's shared embedded database is opened by many apps. */
const timed = new WeakSet<object>();

type Query = (...args: unknown[]) => unknown;

/** Times every call of `target.query`, promise or callback style, into the query histogram. */
function timeQuery(target: { query: Query }, database: 'pglite' | 'postgres'): void {
  if (timed.has(target)) return;
  timed.add(target);
  const query = target.query.bind(target);
  target.query = (...args: unknown[]) => {
    const timer = dbQueries.startTimer({ database });
    const stop = () => void timer();
    const last = args.at(-1);
    // pg's Pool.query hands its client a callback; drizzle awaits a promise.
    if (typeof last === 'function') {
      args[args.length - 1] = (...answer: unknown[]) => {
        stop();
        (last as Query)(...answer);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.then(stop, stop);
    return result;
  };
}

/** Every query of the pool's connections (a transaction's too), and the pool's use when scraped. */
export function timePostgres(pool: pg.Pool): void {
  pool.on('connect', (client) => timeQuery(client as unknown as { query: Query }, 'postgres'));
  watchPool(pool);
  const end = pool.end.bind(pool) as Query;
  pool.end = ((...args: unknown[]) => {
    forgetPool(pool);
    return end(...args);
  }) as typeof pool.end;
}

/** Every query of the embedded database, inside transactions too. */
export function timePglite(client: PGlite): void {
  if (timed.has(client)) return;
  timeQuery(client as unknown as { query: Query }, 'pglite');
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      timeQuery(tx as unknown as { query: Query }, 'pglite');
      return callback(tx);
    });
}
