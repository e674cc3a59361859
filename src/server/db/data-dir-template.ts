import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS_DIR } from './client.ts';

/**
 * A migrated embedded database made by `npm run build` (docs/decisions/050): a fresh DATA_DIR
 * starts from a copy instead of running initdb inside WebAssembly, whose memory the serving
 * process would keep for good. The same path from src/ and from dist/.
 */
export const TEMPLATE_DIR = fileURLToPath(
  new URL('../../../dist/pglite-template', import.meta.url),
);
const STAMP_FILE = `${TEMPLATE_DIR}.json`;

/** What a template was made from: the migrations and the PGlite build that ran them. */
export function templateStamp(): string {
  const pglite = new URL('../package.json', import.meta.resolve('@electric-sql/pglite'));
  const { version } = JSON.parse(readFileSync(pglite, 'utf8')) as { version: string };
  const hash = createHash('sha256').update(version);
  const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'));
  for (const file of [...files.sort(), 'meta/_journal.json']) {
    hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex');
}

/** True when the template on disk was made from these migrations and this PGlite. */
export function templateIsCurrent(): boolean {
  try {
    return readFileSync(STAMP_FILE, 'utf8') === templateStamp();
  } catch {
    return false;
  }
}

const isNew = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Makes a new embedded data directory at `dir` unless one is there: a copy of the current
 * template, or else initdb and the migrations in a child process, whose memory is returned to
 * the system when it exits. Either way it is built aside and moved into place whole, so an
 * interrupted start leaves no half-made database.
 */
export async function prepareDataDir(dir: string): Promise<'existing' | 'template' | 'made'> {
  if (!isNew(dir)) return 'existing';
  const aside = `${dir}.new`;
  rmSync(aside, { recursive: true, force: true });
  let how: 'template' | 'made';
  if (templateIsCurrent()) {
    cpSync(TEMPLATE_DIR, aside, { recursive: true });
    how = 'template';
  } else {
    await makeInChild(aside);
    how = 'made';
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(aside, dir);
  return how;
}

/** Runs data-dir-template-cli on `dir` with this process's Node and loader (tsx in dev). */
function makeInChild(dir: string): Promise<void> {
  const here = fileURLToPath(import.meta.url);
  const cli = path.join(path.dirname(here), `data-dir-template-cli${path.extname(here)}`);
  const child = spawn(process.execPath, [...process.execArgv, cli, dir], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`making the database at ${dir} failed (${code})`)),
    );
  });
}

/** Writes the template and its stamp, replacing an outdated one; made aside, moved whole. */
export async function writeTemplate(make: (dir: string) => Promise<void>): Promise<boolean> {
  if (templateIsCurrent()) return false;
  const aside = `${TEMPLATE_DIR}.new`;
  rmSync(aside, { recursive: true, force: true });
  await make(aside);
  rmSync(STAMP_FILE, { force: true });
  rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  renameSync(aside, TEMPLATE_DIR);
  writeFileSync(STAMP_FILE, templateStamp());
  return true;
}
