// No import cycles (issue 15): a module must not reach itself through its relative imports, type-only
// ones included. A cycle means neither module can be read, tested or moved without the other; the
// devnet is meant to read as a textbook (one concept per file, each standing on the ones before it).
//
// The linted file's own imports come from its syntax tree; the rest of the graph is read from disk
// with TypeScript's import scanner (ts.preProcessFile: no type checking, comments ignored) and kept
// per file until its modification time changes, so a whole-repo lint reads each file once.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** `./x.js` → x.ts / x.tsx, `./x` → x.ts / x.tsx / x/index.ts(x); null for packages and other files. */
export function resolveImport(fromFile, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), spec);
  const stem = /\.(js|jsx|mjs)$/.test(base) ? base.replace(/\.(js|jsx|mjs)$/, '') : base;
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  for (const c of candidates) {
    if (/\.(ts|tsx)$/.test(c) && isFile(c)) return c;
  }
  return null;
}

function isFile(p) {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/** file → { mtimeMs, deps: resolved relative imports }. */
const cache = new Map();

function depsOnDisk(file) {
  let mtimeMs;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const hit = cache.get(file);
  if (hit !== undefined && hit.mtimeMs === mtimeMs) return hit.deps;
  const text = fs.readFileSync(file, 'utf8');
  const deps = [];
  for (const f of ts.preProcessFile(text, true, true).importedFiles) {
    const r = resolveImport(file, f.fileName);
    if (r !== null && !deps.includes(r)) deps.push(r);
  }
  cache.set(file, { mtimeMs, deps });
  return deps;
}

/** The shortest import path from `start` back to `target` (both included), or null. */
function pathBack(start, target) {
  const parent = new Map([[start, null]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const f = queue[i];
    for (const d of depsOnDisk(f)) {
      if (d === target) {
        const chain = [target];
        for (let p = f; p !== null; p = parent.get(p)) chain.unshift(p);
        return chain;
      }
      if (!parent.has(d)) {
        parent.set(d, f);
        queue.push(d);
      }
    }
  }
  return null;
}

const root = path.resolve(import.meta.dirname, '..');
const shown = (file) => path.relative(root, file).split(path.sep).join('/');

export const cyclesPlugin = {
  rules: {
    'no-cycle': {
      meta: {
        type: 'problem',
        schema: [],
        messages: { cycle: 'import cycle: {{chain}}' },
      },
      create(context) {
        const file = path.resolve(context.filename);
        const check = (node, source) => {
          if (source === null || source === undefined || source.type !== 'Literal' || typeof source.value !== 'string') return;
          const target = resolveImport(file, source.value);
          if (target === null) return;
          const chain = target === file ? [file] : pathBack(target, file);
          if (chain === null) return;
          context.report({ node, messageId: 'cycle', data: { chain: [file, ...chain].map(shown).join(' → ') } });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source),
          ExportNamedDeclaration: (node) => check(node, node.source),
          ExportAllDeclaration: (node) => check(node, node.source),
          ImportExpression: (node) => check(node, node.source),
        };
      },
    },
  },
};
