// `npm start`: builds only when the sources changed since the last build, then runs the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
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
 * package name, so the first is kept; a relative import of an ES module file skips the
 * package.json read (isModuleFile). Node before 22.15 has no synchronous hooks: it resolves as
 * before.
 */
function resolveEachPackageOnce() {
  if (!module.registerHooks) return;
  const ours = new URL('..', import.meta.url).href;
  const resolved = new Map();
  const scopeTypes = new Map();
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL ?? '';
      const relative = /^\.\.?\//.test(specifier);
      if (relative && parent.startsWith('file:') && context.conditions?.includes('import')) {
        const url = new URL(specifier, parent);
        if (isModuleFile(url, scopeTypes)) {
          return { url: url.href, format: 'module', shortCircuit: true };
        }
      }
      // Other relative, absolute, URL, node: and #imports specifiers, and node_modules' own
      // imports, resolve as Node does.
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

/**
 * An imported file that is an ES module by its name: `.mjs`, or `.js` in a package of `"type":
 * "module"`. Node finds the package's type by reading its package.json at each relative import
 * (drizzle-orm's 134 kB, some 440 times at start); each folder's answer is kept in
 * `scopeTypes`. Anything else (a missing file, a query, another kind of file) resolves as Node
 * does.
 */
function isModuleFile(url, scopeTypes) {
  if (url.search || url.hash) return false;
  const file = fileURLToPath(url);
  if (file.endsWith('.mjs')) return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
  if (!file.endsWith('.js') || statSync(file, { throwIfNoEntry: false })?.isFile() !== true) {
    return false;
  }
  return scopeType(path.dirname(file), scopeTypes) === 'module';
}

/** The "type" of the package.json nearest above `dir`, as Node looks it up. */
function scopeType(dir, scopeTypes) {
  let type = scopeTypes.get(dir);
  if (type === undefined) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg)) type = JSON.parse(readFileSync(pkg, 'utf8')).type ?? 'commonjs';
    else type = path.dirname(dir) === dir ? 'commonjs' : scopeType(path.dirname(dir), scopeTypes);
    scopeTypes.set(dir, type);
  }
  return type;
}
