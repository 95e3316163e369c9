// @vitest-environment jsdom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ApiProvider } from '../../api/react';
import type { NewOrderBody, Position, SymbolInfo } from '../../api/schemas';
import type { ServiceConfig } from '../../api/service-config';
import { dec, type Dec } from '../../lib/decimal';
import { useToasts } from '../../stores/toasts';
import { DEFAULT_TRADE_SETTINGS, useTradeSettings } from '../../stores/trade-settings';
import { createSessionKey } from '../../wallet/session-key';
import { useSessionStore } from '../../wallet/session-store';
import { usePositionActions } from './position-actions';

// The position actions as the hotkeys and the Positions row use them (confirm off), over a small
// exchange kept in memory: what is sent, and what the trader is told.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** BTC-USD as the devnet lists it: sizes to 0.001, orders 0.001 … 100, prices to 0.1. */
const info: SymbolInfo = {
  symbol: 'BTC-USD', base_asset: 'BTC', quote_asset: 'DUSD', base_decimals: 3, quote_decimals: 1, price_tick_decimals: 1, qty_tick_decimals: 3,
  depth_ticks: '0.1,1,10,100', enabled: true, def_leverage: '10', max_leverage: '40', max_open_orders: '200', max_order_qty: '100',
  min_order_qty: '0.001', max_position_size: '1000', price_cap_ratio: '0.05', price_floor_ratio: '0.05', maker_fee: '0.0001',
  taker_fee: '0.0004', created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z',
};
const sent: NewOrderBody[] = [];
/** The position, in BTC (long > 0), as fills leave it: every accepted order fills in full. */
let held = dec(0);
/** The balance read waits for this, when set (a slow read during the reverse's preparation). */
let balanceGate: Promise<void> | null = null;

function fakeApi(): ApiClient {
  const position = () => ({ ...POSITION, qty: held.toFixed() });
  return {
    market: {
      symbolInfo: () => new Promise<SymbolInfo[]>(() => {}), // never answers: what the screen has read is all there is
      symbolPrice: async () => ({ symbol: 'BTC-USD', mark_price: '100000' }),
    },
    user: {
      queryBalance: async () => {
        await balanceGate;
        return { cross_available: '10000000', cross_balance: '10000000', cross_margin: '0', locked: '0' };
      },
      queryPositions: async () => (held.isZero() ? [] : [position()]),
      queryOrder: async () => Promise.reject(new Error('order not found')),
    },
    trade: {
      newOrder: async (body: NewOrderBody) => {
        sent.push(body);
        const q = dec(body.qty);
        held = body.side === 'buy' ? held.plus(q) : held.minus(q);
        return { code: 0, message: 'success', request_id: `r${sent.length}` };
      },
      cancelOrders: async () => ({ code: 0, message: 'success', request_id: 'c' }),
    },
  } as unknown as ApiClient;
}

const POSITION: Position = {
  id: 1, user: 'u', symbol: 'BTC-USD', status: 'open', qty: '0', leverage: '10', margin_mode: 'cross', margin_asset: 'DUSD', entry_price: '100000',
  entry_value: '0', mark_price: '100000', position_value: '0', initial_margin: '0', holding_margin: '0', maint_margin: '0', mmr: '0',
  bankruptcy_price: '0', liq_price: '0', realized_pnl: '0', upnl: '0', time: '2026-01-01T00:00:00Z', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
} as Position;

type Actions = ReturnType<typeof usePositionActions>;
let root: Root | null = null;

async function mount(o: { infoLoaded?: boolean; minOf?: (symbol: string) => Dec } = {}): Promise<{ current: Actions }> {
  const key = await createSessionKey();
  useSessionStore.setState({ session: { chain: 'bsc', address: '0x1111111111111111111111111111111111111111', token: 't', expiresAt: Date.now() + 3_600_000, key }, vault: null });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (o.infoLoaded !== false) qc.setQueryData(queryKeys.market.symbolInfo(), [info]);
  qc.setQueryData(queryKeys.market.symbolPrice('BTC-USD'), { symbol: 'BTC-USD', mark_price: '100000' });
  const minOf = o.minOf ?? ((s: string) => dec(qc.getQueryData<SymbolInfo[]>(queryKeys.market.symbolInfo())?.find((i) => i.symbol === s)?.min_order_qty ?? '0'));
  const handle = { current: null as unknown as Actions };
  function Probe() {
    handle.current = usePositionActions([], minOf);
    return null;
  }
  root = createRoot(document.createElement('div'));
  const config = { baseUrl: 'http://x.invalid' } as ServiceConfig;
  act(() =>
    root!.render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={qc}>
          <ApiProvider client={fakeApi()} config={config}>
            <Probe />
          </ApiProvider>
        </QueryClientProvider>
      </I18nProvider>,
    ),
  );
  return handle;
}

const long = (qty: string): Position => {
  held = dec(qty);
  return { ...POSITION, qty };
};
const toasts = () => useToasts.getState().toasts.map((t) => ({ kind: t.kind, title: t.title, body: t.body }));

beforeEach(() => {
  useTradeSettings.setState({ ...DEFAULT_TRADE_SETTINGS, confirmMarket: false });
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  sent.length = 0;
  held = dec(0);
  balanceGate = null;
  useToasts.setState({ toasts: [] });
  useSessionStore.setState({ session: null, vault: null });
});

describe('reverse, asked twice at once (Shift+R pressed twice, confirm off)', () => {
  it('runs once: the second request, made while the first still reads the balance, is not a second reverse', async () => {
    const h = await mount();
    const position = long('0.1');
    let open!: () => void;
    balanceGate = new Promise<void>((r) => (open = r));
    await act(async () => {
      const first = h.current.reverse(position);
      const second = h.current.reverse(position);
      open();
      await Promise.all([first, second]);
    });
    expect(sent.map((b) => `${b.side} ${b.qty}${b.reduce_only ? ' ro' : ''}`)).toEqual(['sell 0.1 ro', 'sell 0.1']);
    expect(held.toFixed()).toBe('-0.1');
    expect(toasts()).toContainEqual({ kind: 'info', title: 'Already reversing BTC-USD: this request was ignored', body: undefined });
  });
});

describe('close by share', () => {
  it('the symbol’s rules not loaded yet: nothing is sent (no qty-0 order), and the trader is told why', async () => {
    const h = await mount({ infoLoaded: false });
    await act(() => h.current.close(long('0.002'), 25, 'BTC-USD'));
    expect(sent).toEqual([]);
    expect(toasts()).toEqual([{ kind: 'error', title: 'Close not sent: BTC-USD', body: expect.stringContaining('not loaded') }]);
  });

  it('a share below the smallest order is not raised to it: 25 % of 0.002 sends nothing, and says why', async () => {
    const h = await mount();
    await act(() => h.current.close(long('0.002'), 25, 'BTC-USD'));
    expect(sent).toEqual([]);
    expect(toasts()).toEqual([
      { kind: 'error', title: 'Close not sent: BTC-USD', body: '25 % of 0.002 is 0.0005, below the smallest order (0.001): nothing was sent, so as not to close more than asked.' },
    ]);
  });

  it('25 % / 50 % go reduce-only within the trader’s slippage cap, as a reverse does', async () => {
    useTradeSettings.setState({ slippagePct: '1' });
    const h = await mount();
    await act(() => h.current.close(long('0.4'), 50, 'BTC-USD'));
    // A sell of a long: no lower than the mark 100,000 less 1 %.
    expect(sent).toEqual([expect.objectContaining({ side: 'sell', qty: '0.2', order_type: 'market', time_in_force: 'ioc', reduce_only: true, price: '99000' })]);
  });

  it('50 % of a position larger than max_order_qty: in parts the exchange takes', async () => {
    const h = await mount();
    await act(() => h.current.close(long('250'), 50, 'BTC-USD'));
    expect(sent.map((b) => b.qty)).toEqual(['62.5', '62.5']);
    expect(held.toFixed()).toBe('125');
  });

  it('100 % of a position larger than max_order_qty: the whole of it, in parts', async () => {
    const h = await mount();
    await act(async () => {
      await h.current.close(long('250'), 100, 'BTC-USD');
    });
    await vi.waitFor(() => expect(sent.map((b) => b.qty)).toEqual(['83.334', '83.333', '83.333']));
    expect(held.isZero()).toBe(true);
  });
});
