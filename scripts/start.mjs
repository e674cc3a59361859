// `npm start`: builds only when the sources changed since the last build, then runs the server.
import { spawnSync } from 'node:child_process';
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import { isBuildCurrent, sourceHash, writeStamp } from './build-stamp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const hash = sourceHash(root);
if (isBuildCurrent(root, hash)) {
  console.log('start: the build is current with the sources; not rebuilding');
} else {
  console.log('start: the sources changed since the last build (or there is none); building');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeStamp(root, hash);
}
resolveEachPackageOnce();
await import('../dist/server/main.js');

/**
 * Node resolves a package afresh for every file that imports it, reading its package.json each
 * time: drizzle-orm's is 180 kB, imported by some 200 of our files, about 0.3 s of the start
 * (docs/decisions/050). Every file of ours outside node_modules gets the same answer for the same
 * package name, so the first is kept. Node before 22.15 has no synchronous hooks: it resolves
 * as before.
 */
function resolveEachPackageOnce() {
  if (!module.registerHooks) return;
  const ours = new URL('..', import.meta.url).href;
  const resolved = new Map();
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL ?? '';
      // Relative, absolute, URL, node: and #imports specifiers, and node_modules' own imports,
      // resolve as Node does.
      if (
        !parent.startsWith(ours) ||
        parent.includes('/node_modules/') ||
        /^[./#]|^[a-z]+:/.test(specifier)
      ) {
        return nextResolve(specifier, context);
      }
      const key = `${specifier}\0${context.conditions?.join()}\0${JSON.stringify(context.importAttributes)}`;
      let found = resolved.get(key);
      if (!found) {
        found = { ...nextResolve(specifier, context), shortCircuit: true };
        resolved.set(key, found);
      }
      return found;
    },
  });
}
