import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { isBuildCurrent, sourceHash, writeStamp } from '../scripts/build-stamp.mjs';

let root: string;

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** A project with sources and a complete build of them. */
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'streetscope-stamp-'));
  write('package.json', '{}');
  write('src/server/main.ts', 'export {};');
  write('src/client/index.html', '<!doctype html>');
  write('dist/server/main.js', 'export {};');
  write('dist/client/index.html', '<!doctype html>');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

it('rebuilds when there was never a stamped build, and not once the build is stamped', () => {
  expect(isBuildCurrent(root, sourceHash(root))).toBe(false);
  writeStamp(root, sourceHash(root));
  expect(isBuildCurrent(root, sourceHash(root))).toBe(true);
});

it('rebuilds after a source, a config or the lockfile changed', () => {
  for (const [file, text] of [
    ['src/server/main.ts', 'export const changed = 1;'],
    ['src/client/new-page.tsx', 'export {};'],
    ['vite.config.ts', 'export default {};'],
    ['package-lock.json', '{"lockfileVersion":3}'],
  ] as const) {
    writeStamp(root, sourceHash(root));
    write(file, text);
    expect(isBuildCurrent(root, sourceHash(root)), file).toBe(false);
  }
});

it('does not rebuild for a changed test file', () => {
  writeStamp(root, sourceHash(root));
  write('src/server/main.test.ts', 'export {};');
  expect(isBuildCurrent(root, sourceHash(root))).toBe(true);
});

it('rebuilds when part of the build is missing', () => {
  writeStamp(root, sourceHash(root));
  rmSync(path.join(root, 'dist/client/index.html'));
  expect(isBuildCurrent(root, sourceHash(root))).toBe(false);
});
