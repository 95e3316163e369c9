// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { Twap } from '../lib/twap-record';
import { readStoredTwap, twapsOf, useTwapStore } from './twap-store';

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
