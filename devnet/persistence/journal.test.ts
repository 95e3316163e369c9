import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeChunksAtomicSync, writeFileAtomicAsync } from './journal';

describe('writeFileAtomicAsync', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes many small pieces and pieces larger than a slice as exactly their concatenation', async () => {
    dir = mkdtempSync(join(tmpdir(), 'journal-test-'));
    const path = join(dir, 'snapshot.json');
    const small = Array.from({ length: 5_000 }, (_, i) => `,{"id":${i},"note":"ü${'x'.repeat(i % 37)}"}`);
    const large = 'L'.repeat(2_500);
    const chunks = ['[', ...small.slice(0, 2_000), large, ...small.slice(2_000), large, ']'];
    await writeFileAtomicAsync(path, chunks, 1_000);
    expect(readFileSync(path, 'utf8')).toBe(chunks.join(''));
    // A rewrite replaces the whole file.
    await writeFileAtomicAsync(path, ['short'], 1_000);
    expect(readFileSync(path, 'utf8')).toBe('short');
  });

  it('never cuts a character written as two UTF-16 units where it slices a large piece', async () => {
    dir = mkdtempSync(join(tmpdir(), 'journal-test-'));
    const path = join(dir, 'snapshot.json');
    // '𝄞' straddles the first slice's end (units 999 and 1000 of a 1 000-unit slice), then the third's.
    const large = `${'a'.repeat(999)}𝄞${'b'.repeat(1_000)}𝄞${'c'.repeat(500)}`;
    await writeFileAtomicAsync(path, ['[', large, ']'], 1_000);
    expect(readFileSync(path, 'utf8')).toBe(`[${large}]`);
  });
});

describe('writeChunksAtomicSync', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the pieces through one small buffer as exactly their UTF-8 concatenation, multi-byte characters at its edges included', () => {
    dir = mkdtempSync(join(tmpdir(), 'journal-test-'));
    const path = join(dir, 'snapshot.json');
    // 3- and 4-byte characters at every offset against a 64-byte buffer, and pieces several buffers long.
    const small = Array.from({ length: 3_000 }, (_, i) => `,{"id":${i},"note":"${'€'.repeat(i % 5)}x${'𝄞'.repeat(i % 3)}${'y'.repeat(i % 41)}"}`);
    const large = `${'L'.repeat(700)}€${'M'.repeat(333)}𝄞`;
    const chunks = ['[', ...small.slice(0, 1_000), large, ...small.slice(1_000), large, ']'];
    writeChunksAtomicSync(path, chunks, `${path}.t.tmp`, 64);
    expect(readFileSync(path, 'utf8')).toBe(chunks.join(''));
    writeChunksAtomicSync(path, ['short'], `${path}.t.tmp`, 64);
    expect(readFileSync(path, 'utf8')).toBe('short');
  });
});
