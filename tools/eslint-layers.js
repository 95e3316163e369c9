// Import boundaries of the design: app → features → (trading / ui / stores) → (i18n) → api / wallet / lib;
// features never import each other; lib is pure functions (no stores, no styling); the devnet may use
// src/api and src/lib, never UI.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The layer a file belongs to, e.g. 'app', 'feature:chart', 'api', 'devnet'. */
function layerOf(file) {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === 'src') {
    if (rel[1] === 'features') return rel.length > 3 ? `feature:${rel[2]}` : 'features';
    return rel[1];
  }
  return rel[0];
}

const allowed = {
  lib: ['lib'],
  api: ['api', 'lib'],
  // Client-state buses (zustand): toasts, the order ticket, sign-in requests.
  stores: ['stores', 'i18n', 'lib'],
  // Commands that trade, and the workflow around them (outcome on the order stream, toasts).
  trading: ['trading', 'stores', 'i18n', 'api', 'wallet', 'lib'],
  // Shared widgets and styling helpers.
  ui: ['ui', 'stores', 'i18n', 'lib'],
  // The language: Lingui's set-up and the catalogues it loads (src/locales).
  i18n: ['i18n', 'locales', 'lib'],
  // Test helpers that any layer's tests may use (only tests: see mayImport).
  testing: ['testing', 'i18n', 'locales', 'lib'],
  wallet: ['wallet', 'api', 'lib'],
  app: null, // the shell may import anything in src
  devnet: ['devnet', 'api', 'lib'],
  'devnet-test': ['devnet', 'api', 'lib', 'wallet'],
};

function mayImport(from, to, file) {
  if (from === to) return true;
  if (to === 'testing') return /\.test\.tsx?$/.test(file);
  if (from.startsWith('feature:')) return ['trading', 'ui', 'stores', 'i18n', 'api', 'wallet', 'lib'].includes(to);
  const list = allowed[from];
  if (list === undefined) return true; // e2e, bench, scripts: outside the app's layering
  return list === null ? to !== 'devnet' : list.includes(to);
}

export const layersPlugin = {
  rules: {
    boundaries: {
      meta: { type: 'problem', schema: [], messages: { bad: '{{from}} must not import {{to}} ({{spec}})' } },
      create(context) {
        const file = context.filename;
        // Devnet contract tests drive the service with the app's own client and sign-in.
        const from = layerOf(file) === 'devnet' && /(\.test\.ts$|[\\/]test-support[\\/])/.test(file) ? 'devnet-test' : layerOf(file);
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const to = layerOf(path.resolve(path.dirname(file), spec));
          if (!mayImport(from, to, file)) context.report({ node, messageId: 'bad', data: { from, to, spec } });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};
