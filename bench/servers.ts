import { spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { isBuildCurrent, sourceHash, writeStamp } from '../scripts/build-stamp.mjs';

/** A port nothing listens on right now. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** Resolves once `url` answers 2xx (a server the bench started is up), within 30 s. */
export async function waitFor(url: string) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * `npm start`'s own command line (package.json), so a bench runs what an operator runs; its
 * leading `NAME=value` words (the environment it sets) go through `env`, which execs the server
 * in the same process.
 */
export function npmStartCommand(root: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = pkg.scripts.start.split(' ');
  return /^\w+=/.test(words[0]!) ? ['env', ...words] : words;
}

/** The environment `npm start` sets for the server (its command's leading `NAME=value` words). */
export function npmStartEnv(root: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const word of npmStartCommand(root).slice(1)) {
    const set = /^(\w+)=(.*)$/.exec(word);
    if (!set) break;
    env[set[1]!] = set[2]!;
  }
  return env;
}

/** Builds as `npm start` would, when the sources changed since its last build. */
export function buildIfChanged(root: string): void {
  const hash = sourceHash(root);
  if (isBuildCurrent(root, hash)) return;
  console.log('bench: the build is not current with the sources; building first');
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) {
    throw new Error('the build failed');
  }
  writeStamp(root, hash);
}

/** Resolves once the server `child` answers `url` with 2xx; fails if it exits first. */
export async function waitForChild(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}
