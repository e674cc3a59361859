import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Shared by the global setup and the per-file helpers: where the migrated template lives. */
export const TEMPLATE_DB = 'streetscope_test_template';

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

export const freshDatabaseName = () => `streetscope_test_${randomBytes(6).toString('hex')}`;
