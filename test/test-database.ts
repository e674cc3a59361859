import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Shared by the global setup and the per-file helpers. Each run names its databases with its own
 * prefix, so two runs on one Postgres server never drop each other's databases.
 */
export const newRunPrefix = () => `streetscope_test_${randomBytes(4).toString('hex')}`;

export function adminUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export const freshDatabaseName = (runPrefix: string) =>
  `${runPrefix}_${randomBytes(6).toString('hex')}`;
