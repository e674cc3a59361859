import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './lint/boundaries.js';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data', 'src/server/db/migrations', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The client stays free of zod: it would add weight, and its eval probe breaks our CSP.
      // Types from the shared schemas are fine; values come from src/core/constants.ts.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', 'zod/*', '**/core/schemas/*'],
              allowTypeImports: true,
              message: 'No zod in the client: import types only, or use src/core/constants.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Where code may import from (docs/decisions/038-code-layout.md).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] }),
      ],
    },
    rules: {
      'boundaries/client-features': 'error',
      'boundaries/server-layers': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
