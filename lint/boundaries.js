import path from 'node:path';

/**
 * Which file may import which (docs/decisions/038-code-layout.md), checked on resolved paths so a
 * rule cannot be dodged by spelling a path another way.
 *
 * Client: a feature lives in src/client/features/<name>/. Shared code (everything else under
 * src/client but the roots) never imports a feature; a feature reaches another only through its
 * index.ts; the roots (app.tsx, main.tsx, prerender/) compose features from their index.ts or
 * their pages, which they load lazily.
 *
 * Server: each file sits in a layer and imports only its own layer or lower ones. Tests may
 * import anything: they drive a layer from outside.
 */

const ROOT = process.cwd();
const CLIENT = 'src/client/';
const FEATURES = `${CLIENT}features/`;
const CLIENT_ROOTS = [`${CLIENT}app.tsx`, `${CLIENT}main.tsx`, `${CLIENT}prerender/`];

/** Top to bottom. A path ending in / is a folder. */
const SERVER_LAYERS = [
  {
    name: 'entry points',
    paths: [
      'src/server/main.ts',
      'src/server/admin/cli.ts',
      'src/server/import/cli.ts',
      'src/server/import/open-data-cli.ts',
      'src/server/backup/cli.ts',
      'src/server/basemap/cli.ts',
    ],
  },
  { name: 'the app', paths: ['src/server/app.ts'] },
  { name: 'routes', paths: ['src/server/routes/'] },
  { name: 'HTTP plumbing', paths: ['src/server/http/'] },
  {
    name: 'services',
    paths: ['src/server/services/', 'src/server/auth/', 'src/server/admin/', 'src/server/backup/'],
  },
  {
    name: 'integrations',
    paths: [
      'src/server/images/',
      'src/server/storage/',
      'src/server/payments/',
      'src/server/import/',
      'src/server/basemap/',
    ],
  },
  { name: 'the database', paths: ['src/server/db/', 'src/server/process/'] },
  { name: 'observability', paths: ['src/server/observability/'] },
  { name: 'configuration', paths: ['src/server/config/', 'src/server/errors.ts'] },
  { name: 'core', paths: ['src/core/', 'src/data/'] },
];

const within = (file, paths) =>
  paths.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p));
const isTest = (file) => /\.test\.tsx?$/.test(file);

function featureOf(file) {
  if (!file.startsWith(FEATURES)) return null;
  return file.slice(FEATURES.length).split('/')[0];
}

function layerOf(file) {
  return SERVER_LAYERS.findIndex((layer) => within(file, layer.paths));
}

/** The repository-relative path an import names, or null for a package. */
function target(context, specifier) {
  if (!specifier.startsWith('.')) return null;
  const from = path.dirname(context.physicalFilename ?? context.filename);
  return path
    .relative(ROOT, path.resolve(from, specifier.split('?')[0]))
    .split(path.sep)
    .join('/');
}

/** Calls check(node, targetPath) for every static import, re-export and dynamic import. */
function importVisitor(context, check) {
  const visit = (node, source) => {
    if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
    const to = target(context, source.value);
    if (to) check(node, to);
  };
  return {
    ImportDeclaration: (node) => visit(node, node.source),
    ExportNamedDeclaration: (node) => visit(node, node.source),
    ExportAllDeclaration: (node) => visit(node, node.source),
    ImportExpression: (node) => visit(node, node.source),
  };
}

const fileOf = (context) =>
  path
    .relative(ROOT, context.physicalFilename ?? context.filename)
    .split(path.sep)
    .join('/');

const clientFeatures = {
  meta: {
    type: 'problem',
    docs: { description: 'Client features import each other only through index.ts' },
    messages: {
      shared:
        'Shared client code must not import the feature "{{feature}}": move what both need to shared code, or pass it in.',
      deep: 'Import the feature "{{feature}}" through its index.ts, not {{path}}.',
      root: 'Only the app roots (app.tsx, main.tsx, prerender/) may import {{path}}.',
      rootDeep: 'The app roots load a feature from its index.ts or its *-page.tsx, not {{path}}.',
      server: 'The client must not import server code ({{path}}).',
    },
    schema: [],
  },
  create(context) {
    const file = fileOf(context);
    if (!file.startsWith(CLIENT)) return {};
    const from = featureOf(file);
    const fromRoot = within(file, CLIENT_ROOTS);
    return importVisitor(context, (node, to) => {
      if (to.startsWith('src/server/')) {
        context.report({ node, messageId: 'server', data: { path: to } });
        return;
      }
      if (within(to, CLIENT_ROOTS) && !fromRoot) {
        context.report({ node, messageId: 'root', data: { path: to } });
        return;
      }
      const feature = featureOf(to);
      if (!feature || feature === from) return;
      const index = `${FEATURES}${feature}/index.ts`;
      if (fromRoot) {
        if (to !== index && !to.endsWith('-page.tsx'))
          context.report({ node, messageId: 'rootDeep', data: { path: to } });
      } else if (!from) {
        context.report({ node, messageId: 'shared', data: { feature } });
      } else if (to !== index) {
        context.report({ node, messageId: 'deep', data: { feature, path: to } });
      }
    });
  },
};

const serverLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'Server files import only their own layer or lower ones' },
    messages: {
      up: '{{from}} ({{fromLayer}}) must not import {{to}} ({{toLayer}}), a higher layer: move what both need down.',
      unplaced:
        '{{file}} is in no layer: place it in a folder of lint/boundaries.js SERVER_LAYERS.',
      client: 'Server and core code must not import the client ({{path}}).',
    },
    schema: [],
  },
  create(context) {
    const file = fileOf(context);
    if (!file.startsWith('src/server/') && !file.startsWith('src/core/')) return {};
    if (isTest(file)) return {};
    const fromLayer = layerOf(file);
    if (fromLayer < 0) {
      return {
        Program: (node) => context.report({ node, messageId: 'unplaced', data: { file } }),
      };
    }
    return importVisitor(context, (node, to) => {
      if (to.startsWith(CLIENT)) {
        context.report({ node, messageId: 'client', data: { path: to } });
        return;
      }
      const toLayer = layerOf(to);
      if (toLayer >= 0 && toLayer < fromLayer) {
        context.report({
          node,
          messageId: 'up',
          data: {
            from: file,
            to,
            fromLayer: SERVER_LAYERS[fromLayer].name,
            toLayer: SERVER_LAYERS[toLayer].name,
          },
        });
      }
    });
  },
};

export default {
  meta: { name: 'streetscope-boundaries' },
  rules: { 'client-features': clientFeatures, 'server-layers': serverLayers },
};
