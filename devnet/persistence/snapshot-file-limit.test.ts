import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const JOURNAL = fileURLToPath(new URL('./journal.ts', import.meta.url));

/**
 * Runs `body` (an ES module body with `writeChunksAtomicSync`, `writeFileAtomicAsync`,
 * `writeFileAtomic` and `dir` in scope) in a node whose files may not grow past 4 KiB
 * (`ulimit -f 4`): the kernel then takes part of a write and refuses the next, as a full disk does.
 * Prints what the writer did.
 */
function inLimitedNode(dir: string, body: string): string {
  const script = `const { writeChunksAtomicSync, writeFileAtomicAsync, writeFileAtomic } = await import(${JSON.stringify(JOURNAL)}); const dir = ${JSON.stringify(dir)};
try { ${body}; console.log('written'); } catch (e) { console.log('refused', e.code); }`;
  const r = spawnSync('bash', ['-c', 'ulimit -f 4 && exec "$0" --import tsx --input-type=module -e "$1"', process.execPath, script], { encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`child failed: ${r.stderr}`);
  return r.stdout.trim();
}

describe('a snapshot the disk cannot hold whole', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  // The short write is the last one: nothing after it would fail, so only its count can tell.
  it.each([
    ['the worker (one piece larger than the buffer, last)', 'writeChunksAtomicSync(dir + "/snapshot.json", ["[", "y".repeat(10000)], dir + "/w.tmp", 64)'],
    ['the worker (pieces through the buffer)', 'writeChunksAtomicSync(dir + "/snapshot.json", ["[", ...Array.from({ length: 100 }, () => "y".repeat(50))], dir + "/w.tmp", 8192)'],
    ['the ledger in its own thread', 'await writeFileAtomicAsync(dir + "/snapshot.json", ["[", "y".repeat(10000)], 1 << 20, dir + "/l.tmp")'],
    ['writeFileAtomic in one go (as genesis.json is)', 'writeFileAtomic(dir + "/snapshot.json", "y".repeat(10000))'],
  ])('written by %s is refused and the last good snapshot stays', (_, body) => {
    dir = mkdtempSync(join(tmpdir(), 'snapshot-limit-'));
    writeFileSync(join(dir, 'snapshot.json'), '{"good":true}');
    expect(inLimitedNode(dir, body)).toBe('refused EFBIG');
    expect(readFileSync(join(dir, 'snapshot.json'), 'utf8')).toBe('{"good":true}');
  });
});
