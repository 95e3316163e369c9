import { describe, expect, it } from 'vitest';
import { RowsById } from './rows-by-id';

const rows = (...ids: number[]) => ids.map((id) => ({ id, tag: `r${id}` }));

describe('rows by id', () => {
  it('keeps each id once, oldest first, whatever order pages arrive in', () => {
    const held = new RowsById<{ id: number; tag: string }>();
    expect(held.add(rows(9, 8, 7))).toBe(3);
    const before = held.rows;
    expect(held.add(rows(6, 5, 7))).toBe(2); // a backfill page overlapping the last
    expect(held.add(rows(12, 11))).toBe(2); // new fills
    expect(held.add(rows(10, 4, 11))).toBe(2); // a gap filled, out of order
    expect(held.add(rows(12))).toBe(0);
    expect(held.rows.map((r) => r.id)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(before.map((r) => r.id)).toEqual([7, 8, 9]); // the old array is not changed under a reader
  });
});
