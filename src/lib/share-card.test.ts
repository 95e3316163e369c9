import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import { closedOrderCard, closedTradeCard, entryOfClose, positionCard, shareCardFilename, shortAccount } from './share-card';

const user = 'bsc_0x25dcd50de2e3a0b2e1dcb6e1dbda5ee1e7d5f0b8';
const btc = { price: 1 };

describe('share card of an open position', () => {
  it('a 10× long of 0.5 from 40 000 at a mark of 42 000: +1 000 on 2 000 margin is +50 %', () => {
    const card = positionCard({ symbol: 'BTC-USD', qty: '0.5', entry_price: '40000', initial_margin: '2000', leverage: '10', user }, dec('42000'), btc);
    expect(card).toEqual({
      kind: 'position',
      symbol: 'BTC-USD',
      side: 'long',
      leverage: '10',
      leverageIs: 'position',
      entry: '40,000.0',
      price: '42,000.0',
      roe: '+50.00%',
      pnl: '+1,000.00',
      tone: 'up',
      account: user,
      qty: '0.5',
      cover: null,
    });
  });

  it('a 5× short of 2 from 100 at a mark of 103.5: −7 on 40 margin is −17.5 %', () => {
    const card = positionCard({ symbol: 'SOL-USD', qty: '-2', entry_price: '100', initial_margin: '40', leverage: '5', user }, dec('103.5'), { price: 3 });
    expect(card).toMatchObject({ side: 'short', entry: '100.000', price: '103.500', roe: '-17.50%', pnl: '-7.00', tone: 'down', leverage: '5' });
  });

  it('at the entry: +0.00 and +0.00 %, flat; no position, no card', () => {
    const p = { symbol: 'BTC-USD', qty: '1', entry_price: '40000', initial_margin: '4000', leverage: '10', user };
    expect(positionCard(p, dec('40000'), btc)).toMatchObject({ roe: '+0.00%', pnl: '0.00', tone: 'flat' });
    expect(positionCard({ ...p, qty: '0' }, dec('40000'), btc)).toBeNull();
  });

  it('no initial margin to relate to: no ROE rather than a division by zero', () => {
    const card = positionCard({ symbol: 'BTC-USD', qty: '1', entry_price: '40000', initial_margin: '0', leverage: '10', user }, dec('41000'), btc);
    expect(card?.roe).toBeNull();
    expect(card?.pnl).toBe('+1,000.00');
  });
});

describe('share card of a closing fill', () => {
  it('a long closed by a sell of 0.5 at 42 000 with pnl +1 000: entry 40 000, +50 % at a 10× setting', () => {
    const card = closedTradeCard({ symbol: 'BTC-USD', side: 'sell', price: '42000', qty: '0.5', pnl: '1000', user }, 10, btc);
    expect(card).toEqual({
      kind: 'closed',
      symbol: 'BTC-USD',
      side: 'long',
      leverage: '10',
      leverageIs: 'setting',
      entry: '40,000.0',
      price: '42,000.0',
      roe: '+50.00%',
      pnl: '+1,000.00',
      tone: 'up',
      account: user,
      qty: '0.5',
      cover: { whole: true, fills: 1 },
    });
  });

  it('a short closed by a buy of 2 at 103.5 with pnl −7: entry 100, −17.5 % at 5×', () => {
    const card = closedTradeCard({ symbol: 'SOL-USD', side: 'buy', price: '103.5', qty: '2', pnl: '-7', user }, 5, { price: 3 });
    expect(card).toMatchObject({ side: 'short', entry: '100.000', price: '103.500', roe: '-17.50%', pnl: '-7.00', tone: 'down' });
  });

  it('a partial close (0.25 of a 1 BTC long from 40 000 sold at 44 000, pnl +1 000): the same +100 % the whole position shows at 44 000', () => {
    const card = closedTradeCard({ symbol: 'BTC-USD', side: 'sell', price: '44000', qty: '0.25', pnl: '1000', user }, 10, btc);
    expect(card).toMatchObject({ entry: '40,000.0', price: '44,000.0', roe: '+100.00%', pnl: '+1,000.00' });
    const whole = positionCard({ symbol: 'BTC-USD', qty: '1', entry_price: '40000', initial_margin: '4000', leverage: '10', user }, dec('44000'), btc);
    expect(whole?.roe).toBe(card?.roe);
  });

  it('a fill that only opened (pnl 0) offers no card', () => {
    expect(closedTradeCard({ symbol: 'BTC-USD', side: 'buy', price: '40000', qty: '0.5', pnl: '0', user }, 10, btc)).toBeNull();
    expect(closedTradeCard({ symbol: 'BTC-USD', side: 'sell', price: '40000', qty: '0.5', pnl: '0.000000000000000000', user }, 10, btc)).toBeNull();
  });

  it('exact decimals: entry 0.123456 from a sell of 3 at 0.12 with pnl −0.010368, no float drift', () => {
    expect(entryOfClose('sell', dec('0.12'), dec('3'), dec('-0.010368')).toFixed()).toBe('0.123456');
    const card = closedTradeCard({ symbol: 'DOGE-USD', side: 'sell', price: '0.12', qty: '3', pnl: '-0.010368', user }, 20, { price: 6 });
    // margin 3 × 0.123456 / 20 = 0.0185184; −0.010368 / 0.0185184 = −55.99 %
    expect(card).toMatchObject({ entry: '0.123456', price: '0.120000', pnl: '-0.01', roe: '-55.99%' });
  });

  it('without a leverage setting: no ROE rather than a guess', () => {
    const card = closedTradeCard({ symbol: 'BTC-USD', side: 'sell', price: '42000', qty: '0.5', pnl: '1000', user }, undefined, btc);
    expect(card).toMatchObject({ roe: null, leverage: '', entry: '40,000.0' });
  });

  it('an entry that is no price (a buy at 1 with pnl −5 per unit) offers no card', () => {
    expect(closedTradeCard({ symbol: 'X-USD', side: 'buy', price: '1', qty: '1', pnl: '-5', user }, 10, btc)).toBeNull();
  });
});

describe('share card of a closing order of several fills', () => {
  const fill = (id: number, price: string, qty: string, pnl: string) => ({ id, symbol: 'BTC-USD', side: 'sell' as const, price, qty, pnl, user });
  const lev = { value: 10, is: 'order' as const };

  it('sums exactly and exits at the VWAP rounded half up: 0.1 at 100.05 and 0.1 at 100.1 exit at 100.075 → 100.08', () => {
    const card = closedOrderCard({ fills: [fill(1, '100.05', '0.1', '0.005'), fill(2, '100.1', '0.1', '0.01')], cover: { whole: true, fills: 2 }, leverage: lev }, { price: 2, qty: 3 });
    // entry = 100.075 − 0.015 / 0.2 = 100; pnl 0.015 → +0.02 (cents, half up)
    expect(card).toMatchObject({ price: '100.08', entry: '100.00', pnl: '+0.02', qty: '0.200', roe: '+0.75%' });
  });

  it('a fill with no pnl and no known closed part (it opened) is left out; a known part of a flip fill is used', () => {
    const fills = [fill(1, '110', '1', '10'), fill(2, '108', '2', '8'), fill(3, '105', '1', '0')];
    const card = closedOrderCard({ fills, closedParts: new Map([[2, dec('1')]]), cover: { whole: true, fills: 3 }, leverage: lev }, btc);
    // closed 1 at 110 (+10) and 1 of 2 at 108 (+8): exit 109, entry 109 − 18 / 2 = 100
    expect(card).toMatchObject({ qty: '2', price: '109.0', entry: '100.0', pnl: '+18.00' });
  });

  it('keeps the cover it is given: a part is said to be one', () => {
    const cover = { whole: false as const, fills: 1, orderFilled: '0.300', orderId: 7 };
    expect(closedOrderCard({ fills: [fill(1, '42000', '0.1', '200')], cover, leverage: lev }, btc)?.cover).toEqual(cover);
  });

  it('no fills, or none that closed: no card', () => {
    expect(closedOrderCard({ fills: [], cover: { whole: true, fills: 0 }, leverage: lev }, btc)).toBeNull();
    expect(closedOrderCard({ fills: [fill(1, '42000', '0.1', '0')], cover: { whole: true, fills: 1 }, leverage: lev }, btc)).toBeNull();
  });
});

describe('the file and the account', () => {
  it('names the download after the symbol and side', () => {
    expect(shareCardFilename({ symbol: 'BTC-USD', side: 'long' })).toBe('BTC-USD-long-pnl.png');
    expect(shareCardFilename({ symbol: 'A/B USD', side: 'short' })).toBe('A_B_USD-short-pnl.png');
  });
  it('shortens a long account to its start and end', () => {
    expect(shortAccount(user)).toBe('bsc_0x25dcd5…f0b8');
    expect(shortAccount('0xabc')).toBe('0xabc');
  });
});
