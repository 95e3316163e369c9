import { i18n, type MessageDescriptor } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { Balance, Order, Position } from '../../api/schemas';
import { dec } from '../../lib/decimal';
import { initialFormDraft, type FormDraft } from './order-draft';
import { draftToSend, sizeAtPercent, summarize, usesBook, type FormAccount, type FormMarket } from './order-form-model';
import { btcInfo } from './test-fixtures';
import type { OrderProblem } from './order-problem';
import { orderProblemWords } from './order-problem-words';

const market: FormMarket = { symbol: 'BTC-USD', info: btcInfo, mark: dec('100000') };
// Asks from 100 010 up, 0.5 BTC every 100.
const book = {
  symbol: 'BTC-USD',
  asks: Array.from({ length: 20 }, (_, i) => [String(100010 + 100 * i), '0.5'] as [string, string]),
  bids: Array.from({ length: 20 }, (_, i) => [String(99990 - 100 * i), '0.5'] as [string, string]),
};
const balance = {
  isolated_balance: '0', isolated_upnl: '0', cross_balance: '1000', cross_margin: '189', cross_upnl: '110', locked: '0',
  cross_available: '921', balance: '1000', upnl: '110', equity: '1110', pnl_freeze: '0',
} satisfies Balance;
const position = {
  id: 1, user: '0xabc', symbol: 'BTC-USD', status: 'open', qty: '0.02', leverage: '10', margin_mode: 'cross', margin_asset: 'DUSD',
  entry_price: '94500', entry_value: '1890', mark_price: '100000', position_value: '2000', initial_margin: '189', holding_margin: '189',
  maint_margin: '25', mmr: '0.0125', bankruptcy_price: '44500', liq_price: '45063.29', realized_pnl: '0', upnl: '110',
  time: '2025-01-01T00:00:00Z', created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z',
} satisfies Position;
const signedOut: FormAccount = {
  account: null, position: undefined, positions: [], balance: undefined, positionQty: dec(0), ordersInSymbol: [], reduceHeadroom: dec(0), available: null, config: undefined,
};
const signedIn = (over: Partial<FormAccount> = {}): FormAccount => ({
  ...signedOut, account: '0xabc', balance, available: dec(balance.cross_available), config: { symbol: 'BTC-USD', leverage: 10, margin_mode: 'cross' }, ...over,
});
const draft = (over: Partial<FormDraft> = {}): FormDraft => ({ ...initialFormDraft({ sizeUnit: 'base', slippage: '1' }), ...over });
const say = (e: MessageDescriptor | OrderProblem | null | undefined) => e && i18n._('code' in e ? orderProblemWords(e) : e);

describe('order form model: summarize', () => {
  it('reads the leverage box: the position config, a typed change, a refused text', () => {
    const s = summarize(draft(), market, signedIn(), book);
    expect(s).toMatchObject({ currentLeverage: 10, maxLeverage: 40, leverage: 10, leverageText: '10', leverageChanged: false, mode: 'cross' });
    expect(summarize(draft({ leverage: '20' }), market, signedIn(), book)).toMatchObject({ leverage: 20, leverageChanged: true, positionChange: null });
    const refused = summarize(draft({ leverage: '2.5' }), market, signedIn(), book);
    expect(refused.leverage).toBeNaN();
    expect(refused.percentEnabled).toBe(false);
    expect(summarize(draft(), market, signedOut, undefined).currentLeverage).toBe(10); // the symbol's default
  });

  it('shows "Enter a …" only after a send was attempted; other errors at once', () => {
    expect(summarize(draft(), market, signedIn(), book).errors.size).toBeUndefined();
    expect(say(summarize(draft({ attempted: true }), market, signedIn(), book).errors.size)).toBeTruthy();
    expect(say(summarize(draft({ price: '99000', size: '0.0005' }), market, signedIn(), book).errors.size)).toBe('Size moves in steps of 0.001 BTC');
  });

  it('lists its problems as codes with their fields, the words left to the view', () => {
    const s = summarize(draft({ attempted: true, price: '99000.05', size: '', tpsl: true }), market, signedIn(), book);
    expect(s.problems).toEqual([
      { field: 'price', code: 'price-step', step: '0.1' },
      { field: 'size', code: 'amount-empty', what: 'size' },
      { field: 'tp', code: 'tpsl-empty' },
    ]);
    const market1 = summarize(draft({ type: 'market', size: '6', slippage: '0' }), market, signedIn({ available: dec('1e9'), balance: { ...balance, cross_available: '1000000000' } }), book);
    expect(market1.problems.map((p) => [p.field, p.code])).toEqual([['slippage', 'slippage-not-positive']]);
    const tooFar = summarize(draft({ price: '99000', size: '0.01', tpsl: true, tp: '98000' }), market, signedIn(), book);
    expect(tooFar.problems).toEqual([{ field: 'tp', code: 'tp-wrong-side', side: 'buy', at: '99,000.0' }]);
    expect(say(tooFar.errors.tp)).toBe('Take profit must be above 99,000.0 for a buy');
  });

  it('sends a % size re-sized from the summary as of now; a typed size as typed', () => {
    // The available margin fell from 921 (where 100 % was 0.091) to 900.
    const poorer = signedIn({ available: dec('900'), balance: { ...balance, cross_available: '900' } });
    const held = draft({ price: '99000', size: '0.091', sizePct: 100 });
    expect(draftToSend(held, market, poorer, summarize(held, market, poorer, book)).size).toBe('0.089');
    const typed = draft({ price: '99000', size: '0.091' });
    expect(draftToSend(typed, market, poorer, summarize(typed, market, poorer, book))).toBe(typed);
  });

  it('previews a valid limit order and only that', () => {
    expect(summarize(draft({ price: '99000' }), market, signedIn(), book).preview).toBeNull();
    const s = summarize(draft({ price: '99000', size: '0.01' }), market, signedIn(), book);
    expect(s.preview?.notional.toFixed()).toBe('990');
    expect(s.preview?.margin.toFixed()).toBe('99');
    expect(s.preview?.fee.toFixed()).toBe('0.396');
    expect(s.validated.qty?.toFixed()).toBe('0.01');
  });

  it('with a position, a changed leverage previews the position and margin mode is locked', () => {
    const a = signedIn({ position, positions: [position], positionQty: dec('0.02') });
    const s = summarize(draft({ leverage: '20' }), market, a, book);
    expect(s.positionChange).not.toBeNull();
    expect(say(s.lockedReason)).toBe('Close your BTC-USD position to switch margin mode');
    const orders = [{ symbol: 'BTC-USD' } as Order];
    expect(say(summarize(draft(), market, signedIn({ ordersInSymbol: orders }), book).lockedReason)).toBe('Cancel your open BTC-USD orders to switch margin mode');
    expect(say(summarize(draft(), market, { ...a, ordersInSymbol: orders }, book).lockedReason)).toBe(
      'Close your BTC-USD position and cancel its open orders to switch margin mode',
    );
    expect(summarize(draft(), market, signedIn(), book).lockedReason).toBeNull();
  });

  it('reads the book for a market order, and for a signed-in trader', () => {
    expect(usesBook(draft(), signedOut)).toBe(false);
    expect(usesBook(draft({ type: 'market' }), signedOut)).toBe(true);
    expect(usesBook(draft(), signedIn())).toBe(true);
  });
});

describe('order form model: size by percent', () => {
  const at = (d: FormDraft, a: FormAccount, pct: number) => sizeAtPercent(d, market, a, summarize(d, market, a, book), pct);

  it('100 % is the largest order whose lock, safety margin included, fits what is available', () => {
    // a lock of 99 000 × 0.001 × (1/10 + 0.0004) × 1.01 = 10.039 per 0.001 BTC: 91 of them fit in 921
    const d = draft({ price: '99000' });
    expect(at(d, signedIn(), 100)).toBe('0.091');
    expect(at(d, signedIn(), 50)).toBe('0.045');
    // In USD, at the limit price.
    expect(at({ ...d, sizeUnit: 'quote' }, signedIn(), 100)).toBe('9009');
  });

  it('a limit without a price is sized at the mark; signed out there is nothing to size', () => {
    expect(dec(at(draft(), signedIn(), 100)).gt(0)).toBe(true);
    expect(at(draft(), signedOut, 100)).toBe('0');
    expect(summarize(draft(), market, signedOut, undefined).percentEnabled).toBe(false);
  });

  it('reduce-only sizes from what can still be reduced', () => {
    const a = signedIn({ position, positions: [position], positionQty: dec('0.02'), reduceHeadroom: dec('0.02') });
    const d = draft({ reduceOnly: true, side: 'sell', price: '101000' });
    expect(at(d, a, 50)).toBe('0.01');
    expect(at(d, a, 25)).toBe('0.005');
    expect(summarize(d, market, signedIn({ reduceHeadroom: dec(0) }), book).percentEnabled).toBe(false);
  });

  it('a market order is bounded by what the book fills within the slippage', () => {
    const rich = signedIn({ balance: { ...balance, cross_available: '100000' }, available: dec('100000') });
    // 1 % above the 100 000 mark (101 000) the book holds 5 BTC.
    expect(at(draft({ type: 'market' }), rich, 100)).toBe('5');
  });
});
