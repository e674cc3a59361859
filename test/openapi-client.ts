import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

/**
 * Calls a client author would write against the generated types. Each `@ts-expect-error` is a
 * call the contract must refuse: if it compiled, TypeScript would report the unused directive.
 */
const CALLS = `
import createClient from 'openapi-fetch';
import type { operations, paths } from './api.js';

const api = createClient<paths>({ baseUrl: 'https://streetscope.test' });

export async function calls(): Promise<void> {
  const created = await api.POST('/api/discoveries', {
    body: { name: 'Rainbow wall', latitude: -28.64, longitude: 153.61 },
  });
  const tokens: number | undefined = created.data?.tokensAwarded;

  // @ts-expect-error latitude is a number
  await api.POST('/api/discoveries', { body: { name: 'Wall', latitude: 'north', longitude: 1 } });
  // @ts-expect-error a discovery is fetched by id
  await api.GET('/api/discoveries/{id}');

  // No body where the server takes none.
  const ticket = await api.POST('/api/objects/upload');
  const uploadURL: string | undefined = ticket.data?.uploadURL;
  await api.POST('/api/community/forum/{id}/like', { params: { path: { id: 'post-1' } } });
  await api.POST('/api/logout');

  const photo = await api.GET('/objects/{id}', {
    params: { path: { id: 'abcdefghijkl' } },
    parseAs: 'blob',
  });
  const image: Blob | undefined = photo.data;

  const taken: paths['/api/signup']['post']['responses'][409]['content']['application/json'] = {
    message: 'That username is already taken.',
  };
  const bytes: paths['/api/objects/uploads/{token}']['put']['requestBody']['content']['image/*'] =
    'raw bytes';
  type CreateMarker = operations['createMarker']['requestBody']['content']['application/json'];
  const marker: CreateMarker = { latitude: 1, longitude: 2, emojiPin: 'flag' };
  return void [tokens, uploadURL, image, taken, bytes, marker];
}
`;

const require = createRequire(import.meta.url);

/** Generates types from the document with openapi-typescript and type-checks CALLS with them. */
export async function typeCheckClientCalls(document: object): Promise<string[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-client-'));
  try {
    const ast = await openapiTS(document as Parameters<typeof openapiTS>[0]);
    writeFileSync(path.join(dir, 'api.ts'), astToString(ast));
    writeFileSync(path.join(dir, 'calls.ts'), CALLS);
    const program = ts.createProgram([path.join(dir, 'calls.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
      // The generated files live outside the project, so the client is found by path.
      paths: { 'openapi-fetch': [require.resolve('openapi-fetch').replace(/\.cjs$/, '.d.mts')] },
    });
    return ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
