import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import { reduceOnlyHeadroom, reducingSide, type PendingOrderLike } from './reduce-only';

let nextId = 1;
const order = (o: Partial<PendingOrderLike>): PendingOrderLike => ({
  id: nextId++,
  symbol: 'BTC-USD',
  side: 'sell',
  qty: '0.1',
  fill_qty: '0',
  reduce_only: true,
  status: 'open',
  source: 'user',
  payload: null,
  ...o,
});

describe('reduce-only headroom (spec §4.1)', () => {
  it('a long is reduced by selling, a short by buying', () => {
    expect(reducingSide(dec(1))).toBe('sell');
    expect(reducingSide(dec(-1))).toBe('buy');
    expect(reducingSide(dec(0))).toBeNull();
  });

  it('is the position minus the unfilled rest of other pending reduce-only orders on the reducing side', () => {
    const orders = [
      order({ qty: '0.3', fill_qty: '0.1' }), // 0.2 still pending
      order({ qty: '0.25', status: 'new' }), // 0.25
      order({ side: 'buy', qty: '5' }), // would grow the long: not counted
      order({ reduce_only: false, qty: '5' }), // not reduce-only
      order({ symbol: 'ETH-USD', qty: '5' }), // other market
      order({ status: 'canceled', qty: '5' }), // gone
      order({ status: 'filled', qty: '5', fill_qty: '5' }),
    ];
    expect(reduceOnlyHeadroom({ symbol: 'BTC-USD', positionQty: dec('1'), orders }).toFixed()).toBe('0.55');
  });

  it('counts untriggered TP/SL children; a TP and SL pair of one order counts once', () => {
    const pair = [order({ status: 'untriggered', source: 'tp', qty: '0.5' }), order({ status: 'untriggered', source: 'sl', qty: '0.5' })];
    expect(reduceOnlyHeadroom({ symbol: 'BTC-USD', positionQty: dec('1'), orders: pair }).toFixed()).toBe('0.5');
  });

  it('pairs TP/SL by payload.parent_id when the service provides it', () => {
    const orders = [
      order({ status: 'untriggered', source: 'tp', qty: '0.3', payload: { parent_id: 1 } }),
      order({ status: 'untriggered', source: 'sl', qty: '0.3', payload: { parent_id: 1 } }),
      order({ status: 'untriggered', source: 'tp', qty: '0.2', payload: { parent_id: 2 } }),
    ];
    expect(reduceOnlyHeadroom({ symbol: 'BTC-USD', positionQty: dec('1'), orders }).toFixed()).toBe('0.5');
  });

  it('a fired TP/SL still closing counts its unfilled rest in full, not as half of a TP/SL pair', () => {
    // The SL of order 9 fired (0.3 of 0.5 filled, the band holding the rest back); its TP still waits.
    const fired = order({ source: 'sl', status: 'open', qty: '0.5', fill_qty: '0.3', payload: { parent_id: 9 } });
    const waiting = order({ source: 'tp', status: 'untriggered', qty: '0.5', payload: { parent_id: 9 } });
    expect(reduceOnlyHeadroom({ symbol: 'BTC-USD', positionQty: dec(1), orders: [fired] }).toFixed()).toBe('0.8');
    expect(reduceOnlyHeadroom({ symbol: 'BTC-USD', positionQty: dec(1), orders: [fired, waiting] }).toFixed()).toBe('0.3');
    // A fired whole-position child carries the position's size: all of it is pending.
    const whole = order({ source: 'sl', status: 'new', qty: '1', fill_qty: '0' });
    expect(reduceOnlyHeadroom({ symbol: 'BTC-USD', positionQty: dec(1), orders: [whole] }).toFixed()).toBe('0');
  });

  it('leaves out the order being replaced, and never goes negative', () => {
    const big = order({ qty: '2' });
    expect(reduceOnlyHeadroom({ symbol: 'BTC-USD', positionQty: dec('1'), orders: [big] }).toFixed()).toBe('0');
    expect(reduceOnlyHeadroom({ symbol: 'BTC-USD', positionQty: dec('1'), orders: [big], excludeOrderId: big.id }).toFixed()).toBe('1');
  });

  it('works for shorts (buy orders reduce) and is 0 without a position', () => {
    const orders = [order({ side: 'buy', qty: '0.4' })];
    expect(reduceOnlyHeadroom({ symbol: 'BTC-USD', positionQty: dec('-1.5'), orders }).toFixed()).toBe('1.1');
    expect(reduceOnlyHeadroom({ symbol: 'BTC-USD', positionQty: dec('0'), orders }).toFixed()).toBe('0');
  });
});
