// What `npm start` builds from: when none of it changed since the last build, the build is
// skipped (docs/decisions/028-cached-reads-and-sessions.md).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Directories and files the build reads, relative to the project root. */
export const BUILD_INPUTS = [
  'src',
  'vite.config.ts',
  'vite.prerender.config.ts',
  'tsconfig.json',
  'tsconfig.build.json',
  'package.json',
  'package-lock.json',
  'scripts/compress.mjs',
  'scripts/prerender-landing.mjs',
];

/** Files the start needs from a build; without one of them the build is redone. */
const BUILD_OUTPUTS = ['dist/server/main.js', 'dist/client/index.html'];

const STAMP = 'dist/.build-stamp';

function* filesUnder(root, relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    yield relative;
    return;
  }
  for (const name of readdirSync(full).sort()) {
    if (name.endsWith('.test.ts')) continue;
    yield* filesUnder(root, path.join(relative, name));
  }
}

/** A hash of every build input's path and contents. */
export function sourceHash(root) {
  const hash = createHash('sha256');
  for (const input of BUILD_INPUTS) {
    for (const file of filesUnder(root, input)) {
      hash.update(`${file}\0`);
      hash.update(readFileSync(path.join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** True when dist holds a complete build of exactly these sources. */
export function isBuildCurrent(root, hash) {
  const stamp = path.join(root, STAMP);
  if (!BUILD_OUTPUTS.every((file) => existsSync(path.join(root, file)))) return false;
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash;
}

export function writeStamp(root, hash) {
  writeFileSync(path.join(root, STAMP), `${hash}\n`);
}
