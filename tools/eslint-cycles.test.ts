// The import-cycle rule on small module graphs written to a temporary folder (the rule reads the
// modules a file imports from disk, as in a real lint run).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { cyclesPlugin } from './eslint-cycles.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eslint-cycles-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
}

/** The rule's messages for one file, linted as ESLint would lint it from the repo config. */
function cycles(name: string): string[] {
  const file = path.join(dir, name);
  const linter = new Linter({ cwd: dir });
  const messages = linter.verify(
    fs.readFileSync(file, 'utf8'),
    [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { cycles: cyclesPlugin }, rules: { 'cycles/no-cycle': 'error' } }],
    file,
  );
  // Anything else (a parse error, no matching config) would make an empty answer meaningless.
  for (const m of messages) if (m.ruleId !== 'cycles/no-cycle') throw new Error(m.message);
  return messages.map((m) => m.message);
}

describe('cycles/no-cycle', () => {
  it('reports two modules that import each other, at both ends', () => {
    write({
      'pair/orders.ts': "import { renderOrder } from './views.js';\nexport const emit = () => renderOrder();\n",
      'pair/views.ts': "import { emit } from './orders.js';\nexport const renderOrder = () => emit;\n",
    });
    expect(cycles('pair/orders.ts')).toEqual([expect.stringMatching(/pair\/orders\.ts → .*pair\/views\.ts → .*pair\/orders\.ts$/)]);
    expect(cycles('pair/views.ts')).toHaveLength(1);
  });

  it('counts type-only imports and re-exports, and follows longer loops', () => {
    write({
      'types/types.ts': "import type { BookSide } from './book';\nexport interface State { bids: BookSide }\n",
      'types/book.ts': "export * from './rec';\nexport class BookSide {}\n",
      'types/rec.ts': "import type { State } from './types.js';\nexport type Rec = State;\n",
    });
    expect(cycles('types/types.ts')).toEqual([expect.stringMatching(/types\.ts → .*book\.ts → .*rec\.ts → .*types\.ts$/)]);
    expect(cycles('types/rec.ts')).toHaveLength(1);
  });

  it('resolves a folder import to its index', () => {
    write({
      'dir/engine/index.ts': "export { run } from '../service.js';\n",
      'dir/service.ts': "import { run as go } from './engine';\nexport const run = () => go;\n",
    });
    expect(cycles('dir/service.ts')).toHaveLength(1);
  });

  it('accepts a graph that only flows one way, packages and dynamic imports of leaves included', () => {
    write({
      'ok/a.ts': "import { b } from './b.js';\nimport { z } from 'zod';\nexport const a = () => [b, z, import('./c')];\n",
      'ok/b.ts': "import type { C } from './c';\nexport const b: C = 1;\n",
      'ok/c.ts': 'export type C = number;\n',
    });
    expect(cycles('ok/a.ts')).toEqual([]);
    expect(cycles('ok/b.ts')).toEqual([]);
    expect(cycles('ok/c.ts')).toEqual([]);
  });
});
