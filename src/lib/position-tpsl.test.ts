import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import { firedCloses, isWholePosition, pnlAtTrigger, protectionOf, roeAtTrigger, triggerFromPnl, triggerFromRoe, triggerOnTick, triggerSide } from './position-tpsl';

// A long of 0.5 BTC entered at 95,000 on 10× (initial margin 4,750) and the same short.
const long = dec('0.5');
const short = dec('-0.5');
const entry = dec('95000');
const margin = dec('4750');

describe('position TP/SL: price, ROE and PnL of one trigger', () => {
  it('expected PnL at the trigger is |qty| × the move, signed by side', () => {
    expect(pnlAtTrigger(long, entry, dec('97000')).toFixed()).toBe('1000');
    expect(pnlAtTrigger(long, entry, dec('93000')).toFixed()).toBe('-1000');
    expect(pnlAtTrigger(short, entry, dec('93000')).toFixed()).toBe('1000');
    expect(pnlAtTrigger(short, entry, dec('97000')).toFixed()).toBe('-1000');
  });

  it('a PnL amount gives back the trigger it came from, for both sides', () => {
    expect(triggerFromPnl(long, entry, dec('1000')).toFixed()).toBe('97000');
    expect(triggerFromPnl(long, entry, dec('-500')).toFixed()).toBe('94000');
    expect(triggerFromPnl(short, entry, dec('1000')).toFixed()).toBe('93000');
    expect(triggerFromPnl(short, entry, dec('-500')).toFixed()).toBe('96000');
  });

  it('an ROE of +20 % on 4,750 margin is +950, i.e. 1,900 above the entry for the long', () => {
    expect(triggerFromRoe(long, entry, margin, dec('0.2')).toFixed()).toBe('96900');
    expect(triggerFromRoe(short, entry, margin, dec('0.2')).toFixed()).toBe('93100');
    expect(triggerFromRoe(long, entry, margin, dec('-0.1')).toFixed()).toBe('94050');
    expect(roeAtTrigger(long, entry, margin, dec('96900'))?.toFixed()).toBe('0.2');
    expect(roeAtTrigger(short, entry, margin, dec('96900'))?.toFixed()).toBe('-0.2');
    expect(roeAtTrigger(long, entry, dec(0), dec('96900'))).toBeNull();
  });

  it('a computed trigger lands on the tick toward the entry: never more profit or loss than typed', () => {
    // 1,000 / 0.3 = 3,333.33… above 95,000 for a long TP: 98,333.3 at one decimal, not .4.
    const tp = triggerFromPnl(dec('0.3'), entry, dec('1000'));
    expect(triggerOnTick(tp, entry, 1).toFixed()).toBe('98333.3');
    expect(pnlAtTrigger(dec('0.3'), entry, triggerOnTick(tp, entry, 1)).lte(1000)).toBe(true);
    // A long's stop 333.33… below: 94,666.7, a loss just under 100.
    const sl = triggerFromPnl(dec('0.3'), entry, dec('-100'));
    expect(triggerOnTick(sl, entry, 1).toFixed()).toBe('94666.7');
    expect(pnlAtTrigger(dec('0.3'), entry, triggerOnTick(sl, entry, 1)).gte(-100)).toBe(true);
    expect(triggerOnTick(dec('97000'), entry, 0).toFixed()).toBe('97000');
  });

  it('a long takes profit above the mark and stops below it; a short the other way', () => {
    expect(triggerSide('tp', true)).toBe('above');
    expect(triggerSide('sl', true)).toBe('below');
    expect(triggerSide('tp', false)).toBe('below');
    expect(triggerSide('sl', false)).toBe('above');
  });
});

describe('what protects a position', () => {
  const child = (id: number, source: string, qty: string, price: string, symbol = 'BTC-USD', status = 'untriggered') => ({ id, symbol, status, source, qty, price });

  it('lists the whole-position TP and SL first, then those of filled orders, and nothing else', () => {
    const orders = [
      child(1, 'tp', '0.1', '99000'),
      child(2, 'sl', '0', '93000'),
      child(3, 'tp', '0', '97000'),
      child(4, 'sl', '0.1', '92000', 'BTC-USD', 'canceled'),
      child(5, 'tp', '0', '3500', 'ETH-USD'),
      { id: 6, symbol: 'BTC-USD', status: 'open', source: 'user', qty: '0.1', price: '98000' },
    ];
    const p = protectionOf('BTC-USD', orders);
    expect(p.tp.map((o) => o.id)).toEqual([3, 1]);
    expect(p.sl.map((o) => o.id)).toEqual([2]);
    expect(isWholePosition(child(3, 'tp', '0', '1'))).toBe(true);
    expect(isWholePosition(child(1, 'tp', '0.1', '1'))).toBe(false);
  });
});

describe('fired TP/SL closes (price-protected, tried again on the next ticks)', () => {
  const child = (o: Partial<{ id: number; symbol: string; status: string; source: string; qty: string; fill_qty: string; price: string }>) => ({
    id: 1, symbol: 'BTC-USD', status: 'open', source: 'sl', qty: '1', fill_qty: '0.3', price: '94000', ...o,
  });

  it('finds the TP/SL children that have fired and still work, with what they closed and what is left', () => {
    const orders = [
      child({ id: 1 }),
      child({ id: 2, source: 'tp', status: 'new', fill_qty: '0' }),
      child({ id: 3, status: 'untriggered', fill_qty: '0' }),
      child({ id: 4, status: 'filled', fill_qty: '1' }),
      child({ id: 5, status: 'canceled' }),
      child({ id: 6, source: 'user' }),
      child({ id: 7, symbol: 'ETH-USD' }),
    ];
    const fired = firedCloses('BTC-USD', orders);
    expect(fired.map((f) => [f.order.id, f.kind, f.qty?.toFixed(), f.filled.toFixed(), f.remaining?.toFixed(), f.waiting])).toEqual([
      [1, 'sl', '1', '0.3', '0.7', true],
      [2, 'tp', '1', '0', '1', false],
    ]);
    expect(protectionOf('BTC-USD', orders).sl.map((o) => o.id)).toEqual([3]);
  });

  it('a whole-position child not yet sized by the service has no size to tell', () => {
    const [f] = firedCloses('BTC-USD', [child({ qty: '0', fill_qty: '0', status: 'new' })]);
    expect(f).toMatchObject({ qty: null, remaining: null });
  });
});
