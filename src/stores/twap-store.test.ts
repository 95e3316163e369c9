// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { SliceRecord, Twap } from '../lib/twap-record';
import { createTwapStore, readStoredTwap, twapsOf, useTwapStore } from './twap-store';

const twap = (id: string, status: Twap['status'] = 'running'): Twap => ({
  id, account: 'bsc_0xabc', symbol: 'BTC-USD', side: 'buy', total: '0.010', sizes: ['0.005', '0.005'], intervalMs: 5_000, durationMs: 10_000,
  reduceOnly: false, slippage: '0.01', qtyDecimals: 3, priceDecimals: 2, minQty: '0.001', maxQty: '100', capRatio: '0.3', floorRatio: '0.3',
  status, note: null, nextIndex: 0, nextAt: 0, startedAt: 0, slices: [],
});

beforeEach(() => {
  localStorage.clear();
  useTwapStore.setState({ byAccount: {}, restored: [] });
});

describe('the TWAP store', () => {
  it('keeps each account its own TWAPs, newest first, in localStorage', () => {
    const s = useTwapStore.getState();
    s.add(twap('a'));
    s.add(twap('b'));
    s.add({ ...twap('c'), account: 'bsc_0xdef' });
    expect(twapsOf('bsc_0xabc')(useTwapStore.getState()).map((t) => t.id)).toEqual(['b', 'a']);
    expect(twapsOf(null)(useTwapStore.getState())).toEqual([]);
    expect(readStoredTwap('bsc_0xabc', 'a')?.id).toBe('a');
  });
  it('update applies a change and returns it; no change, no write', () => {
    const s = useTwapStore.getState();
    s.add(twap('a'));
    localStorage.removeItem('perps.twaps');
    expect(s.update('bsc_0xabc', 'a', (t) => t)?.id).toBe('a');
    expect(localStorage.getItem('perps.twaps')).toBeNull();
    expect(s.update('bsc_0xabc', 'a', (t) => ({ ...t, status: 'paused' }))?.status).toBe('paused');
    expect(readStoredTwap('bsc_0xabc', 'a')?.status).toBe('paused');
    expect(s.update('bsc_0xabc', 'zzz', (t) => t)).toBeUndefined();
  });
  it('dismiss removes only a finished TWAP; only the last five finished are kept', () => {
    const s = useTwapStore.getState();
    s.add(twap('live'));
    s.dismiss('bsc_0xabc', 'live');
    expect(twapsOf('bsc_0xabc')(useTwapStore.getState())).toHaveLength(1);
    for (let i = 0; i < 7; i++) s.add(twap(`done${i}`, 'done'));
    expect(twapsOf('bsc_0xabc')(useTwapStore.getState()).map((t) => t.id)).toEqual(['done6', 'done5', 'done4', 'done3', 'done2', 'live']);
  });
  it('read back at load: the TWAPs it finds are marked restored (the runner then asks before going on); junk is dropped', async () => {
    localStorage.setItem('perps.twaps', JSON.stringify({ state: { byAccount: { bsc_0xabc: [twap('a'), { junk: true }], x: 'nope' } }, version: 1 }));
    await useTwapStore.persist.rehydrate();
    const s = useTwapStore.getState();
    expect(s.byAccount).toEqual({ bsc_0xabc: [twap('a')] });
    expect(s.takeRestored()).toEqual(['a']);
    expect(useTwapStore.getState().takeRestored()).toEqual([]);
  });
});

// Two tabs of one browser share one localStorage: tab A ran a TWAP on, tab B holds an older copy.
const slice = (i: number, status: SliceRecord['status'] = 'filled'): SliceRecord => ({ clOrdId: `s${i}`, qty: '0.001', price: '100', at: i, status, filledQty: '0.001', avgPrice: '100' });
const withSlices = (t: Twap, n: number, status: Twap['status'] = t.status): Twap => ({ ...t, status, nextIndex: n, nextAt: n * 1_000, slices: Array.from({ length: n }, (_, i) => slice(i)) });
const writtenByTabA = (byAccount: Record<string, Twap[]>) => localStorage.setItem('perps.twaps', JSON.stringify({ state: { byAccount }, version: 1 }));

describe('the TWAP store, with another tab writing the same storage', () => {
  it("a write never puts back an older copy of a TWAP the other tab ran further, nor drops the other tab's TWAPs", async () => {
    // B loaded when A's TWAP had 4 slices; it comes back interrupted.
    writtenByTabA({ bsc_0xabc: [withSlices(twap('a'), 4)] });
    await useTwapStore.persist.rehydrate();
    useTwapStore.getState().update('bsc_0xabc', 'a', (t) => ({ ...t, status: 'interrupted' }));
    // A sends up to slice 10 and starts another TWAP, then closes.
    writtenByTabA({ bsc_0xabc: [twap('other'), withSlices(twap('a'), 10)] });
    // Any write in B (here the trader's resume on its stale copy).
    useTwapStore.getState().update('bsc_0xabc', 'a', (t) => ({ ...t, status: 'running' }));
    expect(readStoredTwap('bsc_0xabc', 'a')?.slices).toHaveLength(10);
    expect(readStoredTwap('bsc_0xabc', 'other')).toBeDefined();
    // B's own change to a TWAP it holds as far as storage does is kept.
    useTwapStore.getState().update('bsc_0xabc', 'a', () => withSlices(twap('a'), 11, 'paused'));
    expect(readStoredTwap('bsc_0xabc', 'a')).toMatchObject({ status: 'paused', slices: { length: 11 } });
  });
  it('two tabs, two stores, one storage: each keeps the other\'s TWAPs and the further copy of a shared one; a dismissed one stays gone', async () => {
    const data = new Map<string, string>();
    const shared = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k), clear: () => data.clear(), key: () => null, length: 0 } as Storage;
    const tabA = createTwapStore(() => shared);
    tabA.getState().add(withSlices(twap('shared'), 3));
    tabA.getState().add({ ...twap('old', 'done'), startedAt: -1 });
    const tabB = createTwapStore(() => shared);
    await tabB.persist.rehydrate();
    expect(tabB.getState().byAccount.bsc_0xabc!.map((t) => t.id)).toEqual(['old', 'shared']);
    // A runs on; B, holding its 3-slice copy, starts its own TWAP and dismisses the finished one.
    tabA.getState().update('bsc_0xabc', 'shared', () => withSlices(twap('shared'), 8));
    tabB.getState().add({ ...twap('b-only'), startedAt: 5 });
    tabB.getState().dismiss('bsc_0xabc', 'old');
    expect(readStoredTwap('bsc_0xabc', 'shared', shared)?.slices).toHaveLength(8);
    expect(readStoredTwap('bsc_0xabc', 'old', shared)).toBeUndefined();
    // A writes again: B's TWAP, which A never knew, stays.
    tabA.getState().update('bsc_0xabc', 'shared', () => withSlices(twap('shared'), 9));
    expect(readStoredTwap('bsc_0xabc', 'b-only', shared)).toBeDefined();
    expect(readStoredTwap('bsc_0xabc', 'shared', shared)?.slices).toHaveLength(9);
    // A slice's outcome coming in counts as further too (same slices, one more settled).
    tabA.getState().update('bsc_0xabc', 'shared', (t) => ({ ...t, slices: [...t.slices.slice(0, -1), slice(8, 'sending')] }));
    tabB.getState().update('bsc_0xabc', 'shared', () => withSlices(twap('shared'), 9, 'paused'));
    expect(readStoredTwap('bsc_0xabc', 'shared', shared)?.slices[8]?.status).toBe('filled');
  });
});
