import { constants } from 'node:fs';
import {
  copyFile,
  cp,
  link,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { localObjectPath } from '../storage/local-store.ts';
import { objectKeys } from '../storage/object-store.ts';

/**
 * A backup is a directory (docs/decisions/053-backup-and-map-sources.md):
 *   manifest.json        written last: a directory without it is an unfinished backup
 *   database.tar.gz      the embedded database's data directory (PGlite), or
 *   database.dump        pg_dump's custom format (Postgres)
 *   objects/             the photos the database refers to, in the local store's layout
 */
export const MANIFEST_FILE = 'manifest.json';
export const OBJECTS_DIR = 'objects';

export interface Manifest {
  format: 'streetscope-backup';
  version: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  databaseFile: string;
  /** Photos copied into objects/; for a bucket, where they stayed (back it up by its own means). */
  photos: { store: 'local'; count: number; missing: string[] } | { store: 's3'; bucket: string };
}

/** A refusal the operator can fix (wrong or non-empty target, unfinished backup): no stack. */
export class BackupError extends Error {}

/** Each photo the database refers to is kept in two renditions. */
export const photoKeys = (ids: string[]) =>
  ids.flatMap((id) => [objectKeys.display(id), objectKeys.thumb(id)]);

async function entriesOf(dir: string): Promise<string[] | null> {
  try {
    return await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Creates `dir` for a new backup; refuses one that already holds anything. */
export async function prepareEmptyDir(dir: string, what: string): Promise<void> {
  const entries = await entriesOf(dir);
  if (entries && entries.length > 0) {
    throw new BackupError(`${what} ${dir} is not empty; give an empty or new directory.`);
  }
  await mkdir(dir, { recursive: true });
}

export async function isEmptyDir(dir: string): Promise<boolean> {
  const entries = await entriesOf(dir);
  return !entries || entries.length === 0;
}

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  const temp = path.join(dir, `${MANIFEST_FILE}.part`);
  await writeFile(temp, `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(temp, path.join(dir, MANIFEST_FILE));
}

export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(
      `${dir} is not a finished StreetScope backup (no ${MANIFEST_FILE}); a backup that was cut short has none.`,
    );
  }
  const manifest = JSON.parse(text) as Partial<Manifest>;
  if (manifest.format !== 'streetscope-backup' || manifest.version !== 1) {
    throw new BackupError(`${dir}/${MANIFEST_FILE} is not a StreetScope backup manifest.`);
  }
  return manifest as Manifest;
}

const CANNOT_LINK = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK']);

/**
 * Puts the files of `keys` from the local store at `from` into the same layout under `to`:
 * hard links where the filesystem allows (instant, and the app never rewrites a photo in
 * place), copies otherwise. Returns the keys whose file was not in the store.
 */
export async function gatherPhotos(from: string, to: string, keys: string[]): Promise<string[]> {
  const missing: string[] = [];
  let canLink = true;
  const one = async (key: string) => {
    const source = localObjectPath(from, key);
    const target = localObjectPath(to, key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      if (canLink) {
        try {
          await link(source, target);
          return;
        } catch (err) {
          if (!CANNOT_LINK.has((err as NodeJS.ErrnoException).code ?? '')) throw err;
          canLink = false;
        }
      }
      await copyFile(source, target, constants.COPYFILE_EXCL);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      missing.push(key);
    }
  };
  // A few at a time: the files are small and many, and each is a round trip to the disk.
  for (let i = 0; i < keys.length; i += 32) {
    await Promise.all(keys.slice(i, i + 32).map(one));
  }
  return missing;
}

/** Moves a directory tree, copying when it crosses filesystems. */
export async function moveTree(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await cp(from, to, { recursive: true });
    await rm(from, { recursive: true, force: true });
  }
}
