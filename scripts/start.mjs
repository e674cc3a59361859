// `npm start`: builds only when the sources changed since the last build, then runs the server.
import { spawnSync } from 'node:child_process';
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
await import('../dist/server/main.js');
