import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * A command-line script (`npm run import`, `npm run admin`, …) run as an operator runs it, on
 * the embedded database in `dataDir` (never a DATABASE_URL the test run may have).
 */
export async function runCli(script: string, dataDir: string, args: string[]): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      { cwd: ROOT, env },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as CliResult;
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
