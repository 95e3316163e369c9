// @vitest-environment jsdom
import type { QueryClient } from '@tanstack/react-query';
import { act, Profiler } from 'react';
import type { Balance, Position } from '../../api/schemas';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useOrderTicket } from '../../stores/order-ticket';
import { useSignInRequest } from '../../stores/sign-in-request';
import { useTradeSettings } from '../../stores/trade-settings';
import { useSessionStore } from '../../wallet/session-store';
import { OrderForm } from './order-form';
import { formHarness } from './testing/form-harness';
import { btcInfo } from './test-fixtures';

const form = formHarness();
const { render, $, type, key, button } = form;
let api: ApiClient;
let container: HTMLDivElement;
beforeEach(() => {
  api = form.api();
  container = form.container();
});
const sideChecked = (label: string) => [...container.querySelectorAll('[role=radio]')].find((b) => b.textContent === label)?.getAttribute('aria-checked');
const preview = () => $('[data-testid=order-preview]').textContent ?? '';
describe('order form', () => {
  it('shows why a size is wrong right under it and keeps what was typed', () => {
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />);
    type($('#order-size'), '0.0005');
    expect($('#order-size-error').textContent).toBe('Size moves in steps of 0.001 BTC');
    expect($('#order-size').value).toBe('0.0005');
    expect($('#order-size').getAttribute('aria-invalid')).toBe('true');
  });

  it('previews value, margin, fee and liquidation price for a limit buy', () => {
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />);
    type($('#order-price'), '100000');
    type($('#order-size'), '0.1');
    // 0.1 × 100 000 = 10 000; / 10× = 1 000; × 0.04 % = 4; liq (100 000 − 996/0.1) / (1 − 1/80)
    expect(preview()).toContain('10,000.00 USD');
    expect(preview()).toContain('1,000.00 USD');
    expect(preview()).toContain('4.00 USD');
    expect(preview()).toContain('91,179.7');
  });

  it('switches side with B and S, but not while typing in a field', () => {
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />);
    expect(sideChecked('Buy / Long')).toBe('true');
    key(document.body, 's');
    expect(sideChecked('Sell / Short')).toBe('true');
    key($('#order-size'), 'b');
    expect(sideChecked('Sell / Short')).toBe('true');
    key(document.body, 'B');
    expect(sideChecked('Buy / Long')).toBe('true');
  });

  it('clears the typed values with Esc and keeps the side', () => {
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />);
    key(document.body, 's');
    type($('#order-price'), '99000');
    type($('#order-size'), '0.2');
    key($('#order-size'), 'Escape');
    expect($('#order-price').value).toBe('');
    expect($('#order-size').value).toBe('');
    expect(sideChecked('Sell / Short')).toBe('true');
  });

  it('takes a price clicked in the order book', () => {
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />);
    act(() => useOrderTicket.getState().request({ symbol: 'BTC-USD', price: '99000.5' }));
    expect($('#order-price').value).toBe('99000.5');
    act(() => useOrderTicket.getState().request({ symbol: 'ETH-USD', price: '3000' }));
    expect($('#order-price').value).toBe('99000.5');
  });

  it('asks to sign in instead of sending when signed out', () => {
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />);
    const submit = $<HTMLButtonElement>('[data-testid=submit-order]');
    expect(submit.textContent).toBe('Sign in to trade');
    act(() => submit.click());
    expect(useSignInRequest.getState().dialog.open).toBe(true);
  });

  it('sends a valid order as exact wire strings once signed in', async () => {
    useSessionStore.setState({
      session: { chain: 'bsc', address: '0xabc', token: 't', expiresAt: Date.now() + 60_000, key: {} as never },
    });
    const newOrder = vi.fn(async () => ({ code: 0, message: 'success', request_id: 'r1' }));
    api.trade.newOrder = newOrder;
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />);
    type($('#order-price'), '99999.5');
    type($('#order-size'), '0.015');
    await act(async () => $<HTMLButtonElement>('[data-testid=submit-order]').click());
    expect(newOrder).toHaveBeenCalledWith(
      {
        symbol: 'BTC-USD',
        side: 'buy',
        order_type: 'limit',
        qty: '0.015',
        price: '99999.5',
        time_in_force: 'gtc',
        reduce_only: false,
        cl_ord_id: expect.stringMatching(/^web-[0-9a-f]{32}$/),
      },
      undefined,
    );
    expect($('#order-size').value).toBe(''); // cleared after it was accepted
    expect($('#order-price').value).toBe('99999.5'); // the price stays for the next one
  });

  it('does not send an order with errors, and says what is missing', async () => {
    useSessionStore.setState({
      session: { chain: 'bsc', address: '0xabc', token: 't', expiresAt: Date.now() + 60_000, key: {} as never },
    });
    const newOrder = vi.fn();
    api.trade.newOrder = newOrder;
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />);
    expect($('#order-price-error')).toBeNull(); // not before trying
    await act(async () => $<HTMLButtonElement>('[data-testid=submit-order]').click());
    expect($('#order-price-error').textContent).toBe('Enter a price');
    expect($('#order-size-error').textContent).toBe('Enter a size');
    expect(newOrder).not.toHaveBeenCalled();
  });
});

const ACCOUNT = 'bsc_0xabc';
function signIn() {
  useSessionStore.setState({
    session: { chain: 'bsc', address: '0xabc', token: 't', expiresAt: Date.now() + 60_000, key: {} as never },
  });
}
// Asks from 100 010 up, 0.5 BTC every 100: 1 % above the 100 000 mark (101 000) holds 5 BTC.
const book = {
  symbol: 'BTC-USD',
  asks: Array.from({ length: 20 }, (_, i) => [String(100010 + 100 * i), '0.5'] as [string, string]),
  bids: Array.from({ length: 20 }, (_, i) => [String(99990 - 100 * i), '0.5'] as [string, string]),
};
// 0.02 BTC long at 94 500 on 10× cross: holds 189; 1 000 cross balance, +110 upnl at the 100 000 mark.
const position = {
  id: 1, user: ACCOUNT, symbol: 'BTC-USD', status: 'open', qty: '0.02', leverage: '10', margin_mode: 'cross', margin_asset: 'DUSD',
  entry_price: '94500', entry_value: '1890', mark_price: '100000', position_value: '2000', initial_margin: '189', holding_margin: '189',
  maint_margin: '25', mmr: '0.0125', bankruptcy_price: '44500', liq_price: '45063.29', realized_pnl: '0', upnl: '110',
  time: '2025-01-01T00:00:00Z', created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z',
} satisfies Position;
const balance = {
  isolated_balance: '0', isolated_upnl: '0', cross_balance: '1000', cross_margin: '189', cross_upnl: '110', locked: '0',
  cross_available: '921', balance: '1000', upnl: '110', equity: '1110', pnl_freeze: '0',
} satisfies Balance;
function seedAccount(withPosition: boolean, available = balance.cross_available) {
  return (qc: QueryClient) => {
    qc.setQueryData(queryKeys.market.depth('BTC-USD'), book);
    qc.setQueryData(queryKeys.user.positions(ACCOUNT), withPosition ? [position] : []);
    qc.setQueryData(queryKeys.user.balance(ACCOUNT), { ...balance, cross_available: available });
    qc.setQueryData(queryKeys.user.openOrders(ACCOUNT), { result: [] });
    qc.setQueryData(queryKeys.user.positionConfig(ACCOUNT, 'BTC-USD'), { symbol: 'BTC-USD', leverage: 10, margin_mode: 'cross' });
  };
}
const ok = async () => ({ code: 0, message: 'success', request_id: 'r1' });
const leverageBox = () => container.querySelector('input[aria-label=Leverage]') as HTMLInputElement;
const submitButton = () => $<HTMLButtonElement>('[data-testid=submit-order]');
const marketTab = () => act(() => [...container.querySelectorAll('[role=tab]')].find((t) => t.textContent === 'Market')!.dispatchEvent(new MouseEvent('click', { bubbles: true })));

/** A signed-in trader (100,000 USD available, no position) with a market order of `size` BTC typed; the form's cache. */
function marketOrderOf(size: string): QueryClient {
  const cache = signedInForm('100000');
  marketTab();
  type($('#order-size'), size);
  return cache;
}

/** A signed-in trader with no position and `available` USD, the form drawn; the form's cache. */
function signedInForm(available = balance.cross_available): QueryClient {
  signIn();
  let cache: QueryClient | undefined;
  render(<OrderForm symbol="BTC-USD" info={btcInfo} />, (qc) => {
    seedAccount(false, available)(qc);
    cache = qc;
  });
  return cache!;
}

/** The balance moves under the form: the cross available margin becomes `available`. */
async function availableBecomes(cache: QueryClient, available: string) {
  await act(async () => {
    cache.setQueryData(queryKeys.user.balance(ACCOUNT), { ...balance, cross_available: available });
    await new Promise((r) => setTimeout(r, 0)); // react-query tells its observers on the next tick
  });
}

describe('order form names', () => {
  it('names the price and size fields by their labels alone, and the unit switch starts with what it shows', () => {
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />);
    expect($('#order-price').getAttribute('aria-label')).toBe('Price');
    expect($('#order-size').getAttribute('aria-label')).toBe('Size');
    const unit = [...container.querySelectorAll('button')].find((b) => b.getAttribute('aria-label')?.includes('size unit'));
    expect(unit?.getAttribute('aria-label')).toBe('BTC, size unit: switch to USD');
    const visible = [...unit!.childNodes].filter((n) => !(n instanceof Element && n.getAttribute('aria-hidden') === 'true')).map((n) => n.textContent).join('').trim();
    expect(unit!.getAttribute('aria-label')!.startsWith(visible)).toBe(true);
    act(() => unit!.click());
    expect(unit!.getAttribute('aria-label')).toBe('USD, size unit: switch to BTC');
  });
});

describe('order form leverage', () => {
  it.each(['2.5', '-3', '1e1', '0', '41', ''])('refuses leverage %j next to the box and keeps the text', (text) => {
    signIn();
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />, seedAccount(true));
    type(leverageBox(), text);
    expect(leverageBox().value).toBe(text);
    expect(container.textContent).toContain('Leverage must be a whole number from 1 to 40');
    expect(button('Apply')).toBeUndefined();
  });

  it('sends neither the leverage nor the order while the leverage text is refused', async () => {
    signIn();
    const newOrder = vi.fn(ok);
    const changeLeverage = vi.fn(ok);
    api.trade.newOrder = newOrder;
    api.trade.changeLeverage = changeLeverage;
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />, seedAccount(false));
    type(leverageBox(), '2.5');
    type($('#order-price'), '99000');
    type($('#order-size'), '0.01');
    await act(async () => submitButton().click());
    expect(changeLeverage).not.toHaveBeenCalled();
    expect(newOrder).not.toHaveBeenCalled();
  });

  it('with a position, Apply shows the new margin and liquidation price and waits for Confirm', async () => {
    signIn();
    const changeLeverage = vi.fn(ok);
    api.trade.changeLeverage = changeLeverage;
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />, seedAccount(true));
    type(leverageBox(), '20');
    act(() => button('Apply')!.click());
    const panel = $<HTMLElement>('[data-testid=leverage-confirm]').textContent ?? '';
    // 1 890 / 20 = 94.50; available 921 + 94.50; liq (94 500 − 1 000 / 0.02) / (1 − 0.0125)
    expect(panel).toContain('189.00 → 94.50 USD');
    expect(panel).toContain('921.00 → 1,015.50 USD');
    expect(panel).toContain('45,063.3');
    expect(changeLeverage).not.toHaveBeenCalled();
    await act(async () => button('Keep 10×')!.click());
    expect($('[data-testid=leverage-confirm]')).toBeNull();
    expect(changeLeverage).not.toHaveBeenCalled();
    act(() => button('Apply')!.click());
    await act(async () => button('Set 20×')!.click());
    expect(changeLeverage).toHaveBeenCalledWith({ symbol: 'BTC-USD', leverage: 20 });
  });

  it('with a position, an order at a changed leverage waits for the trader to confirm the change', async () => {
    signIn();
    const calls: string[] = [];
    api.trade.newOrder = vi.fn(async () => (calls.push('order'), ok()));
    api.trade.changeLeverage = vi.fn(async () => (calls.push('leverage'), ok()));
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />, seedAccount(true));
    type(leverageBox(), '20');
    type($('#order-price'), '99000');
    type($('#order-size'), '0.01');
    await act(async () => submitButton().click());
    expect(calls).toEqual([]);
    expect($<HTMLElement>('[data-testid=leverage-confirm]').textContent).toContain('189.00 → 94.50 USD');
    await act(async () => button('Cancel')!.click());
    expect(calls).toEqual([]);
    await act(async () => submitButton().click());
    await act(async () => button('Set 20× and send')!.click());
    expect(calls).toEqual(['leverage', 'order']);
  });

  it('without a position, a changed leverage is set before the order as before', async () => {
    signIn();
    const calls: string[] = [];
    api.trade.newOrder = vi.fn(async () => (calls.push('order'), ok()));
    api.trade.changeLeverage = vi.fn(async () => (calls.push('leverage'), ok()));
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />, seedAccount(false));
    type(leverageBox(), '20');
    type($('#order-price'), '99000');
    type($('#order-size'), '0.01');
    await act(async () => submitButton().click());
    expect(calls).toEqual(['leverage', 'order']);
  });
});

describe('order form market orders', () => {
  it('shows the estimated fill and impact, and sends the slippage limit as the price', async () => {
    const newOrder = vi.fn(ok);
    api.trade.newOrder = newOrder;
    marketOrderOf('1');
    // 0.5 at 100 010 + 0.5 at 100 110 = 100 060; impact 50 / 100 010
    expect($('[data-testid=market-estimate]').textContent).toBe('Est. fill ≈ 100,060.0 · impact 0.05 %');
    await act(async () => submitButton().click());
    expect(newOrder).toHaveBeenCalledWith(expect.objectContaining({ order_type: 'market', time_in_force: 'ioc', qty: '1', price: '101000' }), undefined);
  });

  it('says before sending when the book cannot fill the size within the slippage, and a wider slippage fixes it', async () => {
    const newOrder = vi.fn(ok);
    api.trade.newOrder = newOrder;
    marketOrderOf('6');
    expect(container.textContent).toContain('The book fills only 5.000 of 6.000 BTC within 1 % of the mark (up to 101,000.0)');
    await act(async () => submitButton().click());
    expect(newOrder).not.toHaveBeenCalled();
    type($('#order-slippage'), '2');
    expect(container.textContent).not.toContain('The book fills only');
  });
});

describe('order form size buttons', () => {
  it('100 % is the largest size the exchange accepts: its lock, safety margin included, fits what is available', () => {
    signIn();
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />, seedAccount(false));
    type($('#order-price'), '99000');
    act(() => button('100%')!.click());
    // a lock of 99 000 × 0.001 × (1/10 + 0.0004) × 1.01 = 10.039 per 0.001 BTC: 91 of them fit in 921
    expect($('#order-size').value).toBe('0.091');
    expect($('#order-size-error')).toBeNull();
    act(() => button('50%')!.click());
    expect($('#order-size').value).toBe('0.045');
  });
});

describe('order form size by percent', () => {
  // Issue 30: 100 % sized the order, the margin moved before the click, and the form refused its own
  // size ("Needs 9,002.45 margin + fee; 9,000.00 available"). A % stays a % until the order is sent.
  it('re-sizes a % size at the click from the margin available then, sends that, and shows the size sent', async () => {
    const newOrder = vi.fn(ok);
    api.trade.newOrder = newOrder;
    const cache = signedInForm();
    type($('#order-price'), '99000');
    act(() => button('100%')!.click());
    expect($('#order-size').value).toBe('0.091');
    // Before the click, the available margin drops from 921 to 900: 0.091 no longer fits, 0.089 does.
    await availableBecomes(cache, '900');
    expect($('[data-testid=available]').textContent).toBe('900.00 USD');
    await act(async () => submitButton().click());
    expect(newOrder).toHaveBeenCalledTimes(1);
    expect(newOrder).toHaveBeenCalledWith(expect.objectContaining({ qty: '0.089', price: '99000' }), undefined);
    expect($('#order-size-error')).toBeNull();
  });

  it('a % size the trader was asked about is the size sent: the question is not re-sized under them', async () => {
    useTradeSettings.getState().change({ confirmMarket: true });
    const newOrder = vi.fn(ok);
    api.trade.newOrder = newOrder;
    const cache = signedInForm();
    marketTab();
    act(() => button('100%')!.click());
    await act(async () => submitButton().click());
    const asked = $('#order-size').value;
    expect($('[data-testid=market-confirm]').textContent).toContain(`Buy ${asked} BTC at market?`);
    // While the question is open the margin doubles: 100 % would now be more than the trader saw.
    await availableBecomes(cache, '1842');
    await act(async () => button('Buy at market')!.click());
    expect(newOrder).toHaveBeenCalledWith(expect.objectContaining({ order_type: 'market', qty: asked }), undefined);
  });

  it('a size typed after a % button is the trader’s own and is sent as typed', async () => {
    signIn();
    const newOrder = vi.fn(ok);
    api.trade.newOrder = newOrder;
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />, seedAccount(false));
    type($('#order-price'), '99000');
    act(() => button('50%')!.click());
    type($('#order-size'), '0.010');
    await act(async () => submitButton().click());
    expect(newOrder).toHaveBeenCalledWith(expect.objectContaining({ qty: '0.01' }), undefined);
  });
});

describe('order form settings', () => {
  it('asks before a market order when the trader wants to be asked; Cancel sends nothing', async () => {
    useTradeSettings.getState().change({ confirmMarket: true });
    signIn();
    const newOrder = vi.fn(ok);
    api.trade.newOrder = newOrder;
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />, seedAccount(false, '100000'));
    marketTab();
    type($('#order-size'), '1');
    await act(async () => submitButton().click());
    expect($('[data-testid=market-confirm]').textContent).toContain('Buy 1 BTC at market?');
    expect($('[data-testid=market-confirm]').textContent).toContain('no worse than 101,000.0 (slippage 1 %)');
    act(() => button('Cancel')!.click());
    expect($('[data-testid=market-confirm]')).toBeNull();
    expect(newOrder).not.toHaveBeenCalled();
    await act(async () => submitButton().click());
    await act(async () => button('Buy at market')!.click());
    expect(newOrder).toHaveBeenCalledWith(expect.objectContaining({ order_type: 'market', qty: '1', price: '101000' }), undefined);
  });

  it('with shortcuts off, B / S leave the side and Esc keeps what was typed', () => {
    useTradeSettings.getState().change({ shortcuts: false });
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />);
    key(document.body, 's');
    expect(sideChecked('Buy / Long')).toBe('true');
    type($('#order-size'), '0.2');
    key($('#order-size'), 'Escape');
    expect($('#order-size').value).toBe('0.2');
  });

  it('starts sizing in the unit the settings name, and follows a change while the size is empty', () => {
    useTradeSettings.getState().change({ sizeUnit: 'quote' });
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />);
    expect(button('USD ⇄')).toBeDefined();
    act(() => useTradeSettings.getState().change({ sizeUnit: 'base' }));
    expect(button('BTC ⇄')).toBeDefined();
  });
});

describe('order form under a fast book', () => {
  const bookAt = (ask: number) => ({
    symbol: 'BTC-USD',
    asks: Array.from({ length: 20 }, (_, i) => [String(ask + 100 * i), '0.5'] as [string, string]),
    bids: Array.from({ length: 20 }, (_, i) => [String(99990 - 100 * i), '0.5'] as [string, string]),
  });

  /** The form over a book, with its commits counted and '0.1' typed in the size. */
  function renderCounted() {
    const counted = { commits: 0, cache: undefined as QueryClient | undefined };
    render(
      <Profiler id="form" onRender={() => counted.commits++}>
        <OrderForm symbol="BTC-USD" info={btcInfo} />
      </Profiler>,
      (qc) => {
        counted.cache = qc;
        qc.setQueryData(queryKeys.market.depth('BTC-USD'), bookAt(100010));
      },
    );
    type($('#order-size'), '0.1');
    return counted;
  }

  it('a limit order the book does not price is not redrawn by each book snapshot, and keeps what was typed', async () => {
    const counted = renderCounted();
    const cache = counted.cache;
    const before = counted.commits;
    for (let i = 1; i <= 20; i++) {
      await act(async () => {
        cache!.setQueryData(queryKeys.market.depth('BTC-USD'), bookAt(100010 + i));
        await new Promise((r) => setTimeout(r, 0)); // react-query tells its observers on the next tick
      });
    }
    expect(counted.commits).toBe(before);
    expect($('#order-size').value).toBe('0.1');
  });

  it('price ticks that leave the mark where it was do not redraw the form; a new mark does', async () => {
    const counted = renderCounted();
    const cache = counted.cache;
    const tick = (mark: string, i: number) =>
      act(async () => {
        cache!.setQueryData(queryKeys.market.symbolPrice('BTC-USD'), {
          base: 'BTC', quote: 'USD', symbol: 'BTC-USD', index_price: String(100000 + i), mark_price: mark, last_price: String(100000 + i),
          mid_price: '100000', spread_ask: '100000.5', spread_bid: '99999.5', time: `2025-01-01T00:00:${String(i).padStart(2, '0')}Z`,
        });
        await new Promise((r) => setTimeout(r, 0)); // react-query tells its observers on the next tick
      });
    const before = counted.commits;
    for (let i = 1; i <= 20; i++) await tick('100000', i);
    expect(counted.commits).toBe(before);
    await tick('100001', 21);
    expect(counted.commits).toBeGreaterThan(before);
    expect($('#order-size').value).toBe('0.1');
  });

  it('a market order clicked after the book thinned is checked against the book as it is now', async () => {
    const newOrder = vi.fn(ok);
    api.trade.newOrder = newOrder;
    const cache = marketOrderOf('1');
    const snapshot = (depth: object) =>
      act(async () => {
        cache.setQueryData(queryKeys.market.depth('BTC-USD'), depth);
        await new Promise((r) => setTimeout(r, 0)); // react-query tells its observers on the next tick
      });
    // The feed moves on: within the quarter second the form waits, only 0.5 BTC is left within the slippage.
    await snapshot(bookAt(100010));
    await snapshot({ symbol: 'BTC-USD', asks: [['100010', '0.5'], ['101500', '10']], bids: bookAt(100010).bids });
    await act(async () => submitButton().click());
    expect(newOrder).not.toHaveBeenCalled();
    expect(container.textContent).toContain('The book fills only 0.500 of 1.000 BTC');
    expect($('#order-size').value).toBe('1');
  });

  it("a market order's estimate follows new snapshots within a quarter second, without a key pressed", () => {
    vi.useFakeTimers();
    try {
      const cache = marketOrderOf('1');
      expect($('[data-testid=market-estimate]').textContent).toBe('Est. fill ≈ 100,060.0 · impact 0.05 %');
      // The book moves up 40: 0.5 at 100 050 + 0.5 at 100 150.
      act(() => cache.setQueryData(queryKeys.market.depth('BTC-USD'), bookAt(100050)));
      act(() => vi.advanceTimersByTime(250));
      expect($('[data-testid=market-estimate]').textContent).toBe('Est. fill ≈ 100,100.0 · impact 0.05 %');
    } finally {
      vi.useRealTimers();
    }
  });
});
