import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of docs/decisions/038-code-layout.md, run through the project's own lint
 * configuration on files placed where the rules look: `npm run lint` must fail on each of these.
 */
const root = path.resolve(import.meta.dirname, '..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('client features', () => {
  it('refuses shared code importing a feature', async () => {
    const ids = await ruleIds(
      'src/client/lib/probe.ts',
      "export { warmStart } from '../features/map/index.ts';\n",
    );
    expect(ids).toEqual(['boundaries/client-features']);
  });

  it('refuses a deep import into another feature, and accepts its index.ts', async () => {
    const deep = await ruleIds(
      'src/client/features/walls/probe.ts',
      "export { discoveryMapHref } from '../map/home/map-params.ts';\n",
    );
    expect(deep).toEqual(['boundaries/client-features']);
    const index = await ruleIds(
      'src/client/features/walls/probe.ts',
      "export { discoveryMapHref } from '../map/index.ts';\n",
    );
    expect(index).toEqual([]);
  });

  it('refuses a dynamic import that reaches into another feature', async () => {
    const ids = await ruleIds(
      'src/client/features/artwork/probe.ts',
      "export const load = () => import('../walls/propose-wall-dialog.tsx');\n",
    );
    expect(ids).toEqual(['boundaries/client-features']);
  });

  it('refuses the client importing server code', async () => {
    const ids = await ruleIds(
      'src/client/lib/probe.ts',
      "export { HttpError } from '../../server/errors.ts';\n",
    );
    expect(ids).toEqual(['boundaries/client-features']);
  });
});

describe('server layers', () => {
  it('refuses a service importing a route, and accepts a route importing a service', async () => {
    const up = await ruleIds(
      'src/server/services/probe.ts',
      "export { default as authRoutes } from '../routes/auth.ts';\n",
    );
    expect(up).toEqual(['boundaries/server-layers']);
    const down = await ruleIds(
      'src/server/routes/probe.ts',
      "export { createAccount } from '../services/users.ts';\n",
    );
    expect(down).toEqual([]);
  });

  it('refuses a file outside every layer', async () => {
    const ids = await ruleIds('src/server/probe.ts', 'export const x = 1;\n');
    expect(ids).toEqual(['boundaries/server-layers']);
  });
});

describe('import cycles', () => {
  // import-x reads the other side of an import from disk: the two files exist while this runs.
  const dir = path.join(root, 'src/client/lib', `lint-probe-${process.pid}`);

  beforeAll(() => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'a.ts'),
      "import { b } from './b.ts';\nexport const a = () => b;\n",
    );
    writeFileSync(
      path.join(dir, 'b.ts'),
      "import { a } from './a.ts';\nexport const b = () => a;\n",
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses two modules importing each other', async () => {
    const results = await eslint.lintFiles([path.join(dir, 'a.ts'), path.join(dir, 'b.ts')]);
    const ids = results.flatMap((r) => r.messages.map((m) => m.ruleId));
    expect(ids).toEqual(['import-x/no-cycle', 'import-x/no-cycle']);
  });
});
