import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { dec } from '../../lib/decimal';
import { takingLevels } from '../../lib/market-fill-estimate';
import { buildOrderBody } from './build-order-body';
import { emptyDraft, type OrderDraft } from './order-draft';
import { asksToType, type OrderProblem } from './order-problem';
import { orderProblemWords } from './order-problem-words';
import { validateOrder, type OrderContext } from './order-validation';
import { btcInfo, ethInfo } from './test-fixtures';

const ctx = (over: Partial<OrderContext> = {}): OrderContext => ({
  info: btcInfo,
  mark: dec('95000'),
  positionQty: dec(0),
  reduceHeadroom: dec(0),
  available: dec('100000'),
  leverage: 10,
  bookLevels: takingLevels(book, 'buy'),
  slippagePct: '1',
  ...over,
});
// Asks from 95 010 up in steps of 100, 0.5 BTC each: 1 % above a 95 000 mark is 95 950.
const book = {
  asks: Array.from({ length: 20 }, (_, i) => [String(95010 + 100 * i), '0.5'] as [string, string]),
  bids: Array.from({ length: 20 }, (_, i) => [String(94990 - 100 * i), '0.5'] as [string, string]),
};
/** An error's words, as the form shows them. */
const say = (e: OrderProblem | undefined) => e && i18n._(orderProblemWords(e));
const isMissingValueError = (e: OrderProblem | undefined) => e !== undefined && asksToType(e);
const draft = (over: Partial<OrderDraft> = {}): OrderDraft => ({ ...emptyDraft, price: '95000', size: '0.01', ...over });

describe('order form validation', () => {
  it('accepts a plain limit buy and builds the exact wire body', () => {
    const v = validateOrder(draft({ price: '94999.5', size: '0.015' }), ctx());
    expect(v.errors).toEqual({});
    expect(buildOrderBody('BTC-USD', draft({ price: '94999.5', size: '0.015' }), v, 'web-1')).toEqual({
      symbol: 'BTC-USD',
      side: 'buy',
      order_type: 'limit',
      qty: '0.015',
      price: '94999.5',
      time_in_force: 'gtc',
      reduce_only: false,
      cl_ord_id: 'web-1',
    });
  });

  it('sends a market order as ioc with a price limit 1 % beyond the mark, valued at the mark', () => {
    const d = draft({ type: 'market', price: '', tif: 'alo' });
    const v = validateOrder(d, ctx());
    expect(v.errors).toEqual({});
    expect(v.price?.toFixed()).toBe('95000');
    const body = buildOrderBody('BTC-USD', d, v, 'x');
    expect(body).toMatchObject({ order_type: 'market', time_in_force: 'ioc', price: '95950' });
  });

  it('a market sell is limited 1 % below the mark, rounded up to the tick', () => {
    const d = draft({ type: 'market', side: 'sell', price: '' });
    const v = validateOrder(d, ctx({ mark: dec('95000.3'), bookLevels: takingLevels(book, 'sell') }));
    // 95 000.3 × 0.99 = 94 050.297 → 94 050.3
    expect(buildOrderBody('BTC-USD', d, v, 'x')?.price).toBe('94050.3');
  });

  it('the slippage setting moves the limit; the exchange band still bounds it', () => {
    const d = draft({ type: 'market', price: '', size: '0.01' });
    expect(buildOrderBody('BTC-USD', d, validateOrder(d, ctx({ slippagePct: '0.25' })), 'x')?.price).toBe('95237.5');
    // 9 % is beyond the 5 % band: the order may reach the band's edge, 99 750
    expect(buildOrderBody('BTC-USD', d, validateOrder(d, ctx({ slippagePct: '9' })), 'x')?.price).toBe('99750');
  });

  it('estimates the fill from the book: average price and impact', () => {
    const v = validateOrder(draft({ type: 'market', size: '1' }), ctx());
    // 0.5 at 95 010 + 0.5 at 95 110
    expect(v.fill?.averagePrice?.toFixed()).toBe('95060');
    expect(v.fill?.impact?.mul(100).toFixed(4)).toBe('0.0526');
  });

  it('refuses before sending a size the book cannot fill within the slippage', () => {
    // within 95 950: levels 95 010 … 95 910, ten of 0.5 BTC = 5 BTC
    const d = draft({ type: 'market', size: '6' });
    const v = validateOrder(d, ctx());
    expect(say(v.errors.fill)).toBe('The book fills only 5.000 of 6.000 BTC within 1 % of the mark (up to 95,950.0): lower the size or raise the slippage');
    expect(buildOrderBody('BTC-USD', d, v, 'x')).toBeNull();
    expect(validateOrder(d, ctx({ slippagePct: '2' })).errors.fill).toBeUndefined();
  });

  it('refuses a slippage that is not a percentage above 0, keeping the text', () => {
    const d = draft({ type: 'market', size: '0.01' });
    expect(say(validateOrder(d, ctx({ slippagePct: '0' })).errors.slippage)).toBe('Slippage must be above 0 %');
    expect(say(validateOrder(d, ctx({ slippagePct: 'abc' })).errors.slippage)).toBe('Enter a number, e.g. 1,234.5');
    expect(say(validateOrder(d, ctx({ slippagePct: '0.001' })).errors.slippage)).toBe('At most 2 decimals');
  });

  it('does not send a market order before the book arrives', () => {
    expect(say(validateOrder(draft({ type: 'market' }), ctx({ bookLevels: null })).errors.fill)).toBe('No order book yet: wait for market data');
  });

  it('says "Enter …" for empty fields (shown only after a submit attempt)', () => {
    const v = validateOrder(draft({ price: '', size: '' }), ctx());
    expect(say(v.errors.price)).toBe('Enter a price');
    expect(say(v.errors.size)).toBe('Enter a size');
    expect(isMissingValueError(v.errors.price)).toBe(true);
    expect(isMissingValueError(v.errors.size)).toBe(true);
    // Typed but wrong: shown at once.
    expect(isMissingValueError(validateOrder(draft({ price: '95000.05' }), ctx()).errors.price)).toBe(false);
    expect(isMissingValueError(validateOrder(draft({ price: '95.000.5' }), ctx()).errors.price)).toBe(false);
    expect(buildOrderBody('BTC-USD', draft({ price: '' }), v, 'x')).toBeNull();
  });

  it('rejects prices off the tick and sizes off the qty step', () => {
    const v = validateOrder(draft({ price: '95000.05', size: '0.0005' }), ctx());
    expect(say(v.errors.price)).toBe('Price moves in steps of 0.1');
    expect(say(v.errors.size)).toBe('Size moves in steps of 0.001 BTC');
  });

  it('rejects text that is not a number, keeping it for the trader to fix', () => {
    const d = draft({ price: '95.000.5' });
    expect(say(validateOrder(d, ctx()).errors.price)).toBe('Use one decimal point');
    expect(d.price).toBe('95.000.5');
  });

  it('says a negative price or size must be positive, and why other text is not a number', () => {
    const v = validateOrder(draft({ price: '-95000', size: '-0.01' }), ctx());
    expect(say(v.errors.price)).toBe('Price must be positive');
    expect(say(v.errors.size)).toBe('Size must be positive');
    expect(say(validateOrder(draft({ price: '95,000 USD' }), ctx()).errors.price)).toBe('Enter the number only, without a currency or unit');
    expect(say(validateOrder(draft({ size: '1,00' }), ctx()).errors.size)).toBe('Use a point for decimals, e.g. 0.5');
  });

  it('reads amounts written as the app shows them, with thousands separators', () => {
    const d = draft({ price: '95,000.5', size: '0.01' });
    const v = validateOrder(d, ctx());
    expect(v.errors).toEqual({});
    expect(buildOrderBody('BTC-USD', d, v, 'web-2')?.price).toBe('95000.5'); // plain digits on the wire
    expect(d.price).toBe('95,000.5'); // and the field keeps what was typed
    expect(validateOrder(draft({ size: '1,000' }), ctx()).qty?.toFixed()).toBe('1000');
  });

  it('keeps the price within mark × (1 − floor) … mark × (1 + cap)', () => {
    // 95 000 × 1.05 = 99 750; 95 000 × 0.95 = 90 250
    expect(validateOrder(draft({ price: '99750' }), ctx()).errors.price).toBeUndefined();
    expect(say(validateOrder(draft({ price: '99750.1' }), ctx()).errors.price)).toBe('Price must be at most 99,750.0 (mark + 5%)');
    expect(say(validateOrder(draft({ price: '90249.9' }), ctx()).errors.price)).toBe('Price must be at least 90,250.0 (mark − 5%)');
  });

  it('enforces min and max order size', () => {
    expect(say(validateOrder(draft({ size: '0.005' }), ctx({ info: ethInfo })).errors.size)).toBe('Minimum size is 0.010 ETH');
    expect(say(validateOrder(draft({ size: '100.001' }), ctx()).errors.size)).toBe('Maximum size per order is 100.000 BTC');
  });

  it('enforces the maximum position size including the current position', () => {
    const v = validateOrder(draft({ size: '60', price: '95000' }), ctx({ positionQty: dec('150'), available: null }));
    expect(say(v.errors.size)).toBe('Position would be 210.000 BTC, above the maximum of 200.000 BTC');
    // selling against the same long shrinks it: fine
    expect(validateOrder(draft({ side: 'sell', size: '60' }), ctx({ positionQty: dec('150'), available: null })).errors.size).toBeUndefined();
  });

  it('checks the exchange\'s order lock (margin + taker fee + its 1 % safety margin) against what is available', () => {
    // 0.02 × 95 000 = 1 900; × (1/10 + 0.0004) = 190.76; × 1.01 = 192.6676
    const v = validateOrder(draft({ size: '0.02' }), ctx({ available: dec('100') }));
    expect(say(v.errors.size)).toBe('Needs 192.67 margin + fee; 100.00 available');
    expect(validateOrder(draft({ size: '0.02' }), ctx({ available: dec('192.6676') })).errors.size).toBeUndefined();
    expect(say(validateOrder(draft({ size: '0.02' }), ctx({ available: dec('192.6675') })).errors.size)).toBe('Needs 192.67 margin + fee; 192.66 available');
    // a post-only order is locked with the taker fee too: the exchange does not know it will make
    expect(validateOrder(draft({ size: '0.02', tif: 'alo' }), ctx({ available: dec('192.6675') })).errors.size).toBeDefined();
  });

  it('a market order that only closes the opposite position needs no new margin, only its fee and the fill\'s loss against the mark', () => {
    const d = draft({ type: 'market', side: 'buy', size: '0.02' });
    // 0.02 at 95 010: fee 0.76008, 10 above the mark × 0.02 = 0.2
    expect(validateOrder(d, ctx({ positionQty: dec('-0.02'), available: dec('0.97') })).errors.size).toBeUndefined();
    expect(say(validateOrder(d, ctx({ positionQty: dec('-0.02'), available: dec('0') })).errors.size)).toBe('Needs 0.97 margin + fee; 0.00 available');
  });

  it('a market order needs what its fills take from the book, not only its lock at the mark', () => {
    // 1 BTC at 10×: its lock at the 95 000 mark is 9 633.38, but a book 0.5 % away fills it at
    // 95 475: margin 9 547.5 + fee 38.19 + 475 worse than the mark = 10 060.69
    const d = draft({ type: 'market', size: '1' });
    const far = ctx({ bookLevels: [{ price: dec('95475'), qty: dec(5) }] });
    expect(say(validateOrder(d, { ...far, available: dec('10000') }).errors.size)).toBe('Needs 10,060.69 margin + fee; 10,000.00 available');
    expect(validateOrder(d, { ...far, available: dec('10060.69') }).errors.size).toBeUndefined();
    // near the mark the check at the mark is the larger
    expect(say(validateOrder(d, ctx({ available: dec('9633.37') })).errors.size)).toBe('Needs 9,633.38 margin + fee; 9,633.37 available');
  });

  it('sizes in USD: 1 000 USD at 95 000 is 0.010 BTC', () => {
    const v = validateOrder(draft({ size: '1000', sizeUnit: 'quote' }), ctx());
    expect(v.errors).toEqual({});
    expect(v.qty?.toFixed()).toBe('0.01');
  });

  describe('reduce-only', () => {
    it('needs a position to reduce', () => {
      expect(say(validateOrder(draft({ reduceOnly: true }), ctx()).errors.size)).toBe('Reduce-only needs a position in BTC-USD');
    });
    it('must be on the reducing side', () => {
      const v = validateOrder(draft({ reduceOnly: true, side: 'buy' }), ctx({ positionQty: dec('0.5'), reduceHeadroom: dec('0.5') }));
      expect(say(v.errors.size)).toBe('Reduce-only must sell to reduce your long');
    });
    it('is capped by the headroom left after other reduce-only orders, and says why', () => {
      const v = validateOrder(draft({ reduceOnly: true, side: 'sell', size: '0.4' }), ctx({ positionQty: dec('0.5'), reduceHeadroom: dec('0.3') }));
      expect(say(v.errors.size)).toBe('Reduce-only size can be at most 0.300 BTC: position 0.500 minus 0.200 in other reduce-only orders');
      expect(validateOrder(draft({ reduceOnly: true, side: 'sell', size: '0.3' }), ctx({ positionQty: dec('0.5'), reduceHeadroom: dec('0.3') })).errors).toEqual({});
    });
    it('cannot carry TP/SL (the service refuses them on reduce-only orders)', () => {
      const v = validateOrder(draft({ reduceOnly: true, side: 'sell', tpsl: true, tp: '90000' }), ctx({ positionQty: dec('0.5'), reduceHeadroom: dec('0.5') }));
      expect(say(v.errors.tp)).toBe('TP/SL cannot be attached to a reduce-only order');
    });
  });

  describe('TP / SL', () => {
    it('a buy takes profit above and stops loss below its price', () => {
      const bad = validateOrder(draft({ tpsl: true, tp: '94000', sl: '96000' }), ctx());
      expect(say(bad.errors.tp)).toBe('Take profit must be above 95,000.0 for a buy');
      expect(say(bad.errors.sl)).toBe('Stop loss must be below 95,000.0 for a buy');
      const good = validateOrder(draft({ tpsl: true, tp: '99000', sl: '93000.5' }), ctx());
      expect(good.errors).toEqual({});
      expect(buildOrderBody('BTC-USD', draft({ tpsl: true, tp: '99000', sl: '93000.5' }), good, 'x')).toMatchObject({ tp_price: '99000', sl_price: '93000.5' });
    });
    it('a sell takes profit below and stops loss above', () => {
      const bad = validateOrder(draft({ side: 'sell', tpsl: true, tp: '96000', sl: '94000' }), ctx());
      expect(say(bad.errors.tp)).toBe('Take profit must be below 95,000.0 for a sell');
      expect(say(bad.errors.sl)).toBe('Stop loss must be above 95,000.0 for a sell');
    });
    it('asks for at least one trigger when TP/SL is on', () => {
      expect(say(validateOrder(draft({ tpsl: true }), ctx()).errors.tp)).toBe('Enter a take-profit or stop-loss price, or turn TP/SL off');
    });
  });

  it('keeps leverage within 1 … max_leverage', () => {
    expect(say(validateOrder(draft(), ctx({ leverage: 41 })).errors.leverage)).toBe('Leverage must be a whole number from 1 to 40');
    expect(validateOrder(draft(), ctx({ leverage: 0 })).errors.leverage).toBeDefined();
  });

  it('cannot value a market order before the first mark price arrives', () => {
    expect(say(validateOrder(draft({ type: 'market' }), ctx({ mark: null })).errors.form)).toBe('No mark price yet: wait for market data');
  });
});
