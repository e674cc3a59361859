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
import { sourceHash } from '../../../scripts/build-stamp.mjs';

/**
 * A migrated embedded database made by `npm run build` (docs/decisions/050): a fresh DATA_DIR
 * starts from a copy instead of running initdb inside WebAssembly, whose memory the serving
 * process would keep for good. The same path from src/ and from dist/. Beside it,
 * `<TEMPLATE_DIR>-seeded` holds the seed's rows that do not depend on the day it runs.
 */
export const TEMPLATE_DIR = fileURLToPath(
  new URL('../../../dist/pglite-template', import.meta.url),
);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const seededDir = (template: string) => `${template}-seeded`;
const stampFile = (template: string) => `${template}.json`;

const packageVersion = (name: string) =>
  (
    JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

/** What a template was made from: the migrations and the PGlite build that ran them. */
export function templateStamp(): string {
  const hash = createHash('sha256').update(packageVersion('@electric-sql/pglite'));
  const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'));
  for (const file of [...files.sort(), 'meta/_journal.json']) {
    hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex');
}

/**
 * What the seeded template was made from: the template and every build input (the seed's code
 * and data, the packages' versions), hashed as `npm start` does to decide whether to rebuild.
 * Coarser than the seed's own imports, but it cannot miss one: a build after any change to the
 * sources makes the seeded template again (a few seconds).
 */
export const seededTemplateStamp = (): string =>
  createHash('sha256').update(templateStamp()).update(sourceHash(ROOT)).digest('hex');

const isCurrent = (dir: string, stamp: () => string) => {
  try {
    return readFileSync(stampFile(dir), 'utf8') === stamp();
  } catch {
    return false;
  }
};

/** True when the template on disk was made from these migrations and this PGlite. */
export const templateIsCurrent = (template = TEMPLATE_DIR) => isCurrent(template, templateStamp);

const isNew = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** Beside a copy of the seeded template until seedTemplateCopy has completed it. */
const incompleteMark = (dir: string) => `${dir}.seeding`;

/** Called once seedTemplateCopy has committed on the copy prepareDataDir made at `dir`. */
export const seededCopyCompleted = (dir: string) => rmSync(incompleteMark(dir), { force: true });

/**
 * Makes a new embedded data directory at `dir` unless one is there: with `seeded` (SEED_CONTENT
 * on) a copy of the current seeded template, which seedTemplateCopy then completes (again on the
 * next start if this one stops first, as the seed of a new database would run again); else a
 * copy of the current template, or else initdb and the migrations in a child process, whose
 * memory is returned to the system when it exits. Either way it is built aside and moved into
 * place whole, so an interrupted start leaves no half-made database.
 */
export async function prepareDataDir(
  dir: string,
  seeded: boolean,
  template = TEMPLATE_DIR,
): Promise<'existing' | 'seeded' | 'template' | 'made'> {
  if (!isNew(dir)) {
    if (seeded && existsSync(incompleteMark(dir))) return 'seeded';
    // Played without the seed, it is no longer a copy to complete.
    seededCopyCompleted(dir);
    return 'existing';
  }
  const aside = `${dir}.new`;
  rmSync(aside, { recursive: true, force: true });
  let how: 'seeded' | 'template' | 'made';
  if (seeded && isCurrent(seededDir(template), seededTemplateStamp)) {
    cpSync(seededDir(template), aside, { recursive: true });
    writeFileSync(incompleteMark(dir), '');
    how = 'seeded';
  } else if (templateIsCurrent(template)) {
    cpSync(template, aside, { recursive: true });
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

/**
 * Writes the template (`make` migrates a new directory) and the seeded template (`seed` adds
 * the lasting seed to a copy of the template), each with its stamp, replacing outdated ones;
 * each is made aside and moved whole. Returns the directories written.
 */
export async function writeTemplates(
  make: (dir: string) => Promise<void>,
  seed: (dir: string) => Promise<void>,
  template = TEMPLATE_DIR,
): Promise<string[]> {
  const written: string[] = [];
  if (await writeDir(template, templateStamp, make)) written.push(template);
  const seedCopy = async (aside: string) => {
    cpSync(template, aside, { recursive: true });
    await seed(aside);
  };
  if (await writeDir(seededDir(template), seededTemplateStamp, seedCopy)) {
    written.push(seededDir(template));
  }
  return written;
}

async function writeDir(
  target: string,
  stamp: () => string,
  make: (dir: string) => Promise<void>,
): Promise<boolean> {
  if (isCurrent(target, stamp)) return false;
  const aside = `${target}.new`;
  rmSync(aside, { recursive: true, force: true });
  await make(aside);
  rmSync(stampFile(target), { force: true });
  rmSync(target, { recursive: true, force: true });
  renameSync(aside, target);
  writeFileSync(stampFile(target), stamp());
  return true;
}
