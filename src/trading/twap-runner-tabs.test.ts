// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../api/client';
import { progressOf, type SliceRecord, type Twap } from '../lib/twap-record';
import { useTwapStore } from '../stores/twap-store';
import { startTwap } from './twap-machine';
import { stepTwap, twapCommand } from './twap-runner';

// A TWAP taken over by a second tab of the same browser (one localStorage): tab A ran it to its
// last slice and closed; tab B, opened after slice 3, holds a 4-slice copy marked interrupted.
// Resuming it in B must not send again what A sent.

const ACCOUNT = 'bsc_0xabc';
const slice = (i: number): SliceRecord => ({ clOrdId: `a${i}`, qty: '1', price: '100000', at: i, status: 'filled', filledQty: '1', avgPrice: '100000' });
const tenBtc = (id: string): Twap =>
  startTwap(
    {
      id, account: ACCOUNT, symbol: 'BTC-USD', side: 'buy', total: '10', sizes: Array.from({ length: 10 }, () => '1'),
      intervalMs: 1_000, durationMs: 10_000, reduceOnly: false, slippage: '0.01', qtyDecimals: 3, priceDecimals: 2,
      minQty: '0.001', maxQty: '100', capRatio: '0.3', floorRatio: '0.3',
    },
    0,
  );
const after = (t: Twap, n: number, status: Twap['status']): Twap => ({ ...t, status, nextIndex: n, nextAt: n * 1_000, slices: Array.from({ length: n }, (_, i) => slice(i)) });
const storedByTabA = (t: Twap) => localStorage.setItem('perps.twaps', JSON.stringify({ state: { byAccount: { [ACCOUNT]: [t] } }, version: 1 }));

/** Whatever B would ask the exchange for a new slice (the mark first) is counted: none may go. */
let asked = 0;
const api = {
  market: { symbolPrice: () => (asked++, Promise.reject(new Error('no slice may be sent'))) },
  user: { queryOrder: () => Promise.reject(new Error('nothing to read back')) },
} as unknown as ApiClient;
const inB = (id: string) => useTwapStore.getState().byAccount[ACCOUNT]!.find((t) => t.id === id)!;

async function takeOverInB(id: string) {
  storedByTabA(after(tenBtc(id), 4, 'running'));
  await useTwapStore.persist.rehydrate();
  useTwapStore.getState().update(ACCOUNT, id, (t) => ({ ...t, status: 'interrupted' }));
  // A sends slices up to 10, every one filled, and closes.
  storedByTabA(after(tenBtc(id), 10, 'running'));
  twapCommand(inB(id), 'resume');
  for (let i = 0; i < 3; i++) {
    await stepTwap(api, null, inB(id), Date.now() + 60_000);
    await new Promise((r) => setTimeout(r, 0));
  }
}

const locks = Object.getOwnPropertyDescriptor(navigator, 'locks');
beforeEach(() => {
  asked = 0;
  localStorage.clear();
  useTwapStore.setState({ byAccount: {}, restored: [] });
});
afterEach(() => {
  if (locks) Object.defineProperty(navigator, 'locks', locks);
  else delete (navigator as { locks?: unknown }).locks;
});

describe('a TWAP resumed in a second tab', () => {
  it("takes the other tab's slices, sends none again, and is done (no Web Locks)", async () => {
    Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true });
    await takeOverInB('tw-nolocks');
    expect(asked).toBe(0);
    expect(inB('tw-nolocks').slices).toHaveLength(10);
    expect(progressOf(inB('tw-nolocks')).filled.toFixed()).toBe('10');
    expect(inB('tw-nolocks').status).toBe('done');
  });
  it("takes the other tab's slices, sends none again, and is done (the lock is free: A closed)", async () => {
    const granted: LockManager = { request: (_n: string, _o: unknown, cb: (l: Lock | null) => unknown) => Promise.resolve(cb({ name: _n, mode: 'exclusive' } as Lock)) } as unknown as LockManager;
    Object.defineProperty(navigator, 'locks', { value: granted, configurable: true });
    await takeOverInB('tw-locks');
    expect(asked).toBe(0);
    expect(inB('tw-locks').slices).toHaveLength(10);
    expect(JSON.parse(localStorage.getItem('perps.twaps')!).state.byAccount[ACCOUNT][0].slices).toHaveLength(10);
    expect(inB('tw-locks').status).toBe('done');
  });
});
