import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { dec } from '../../lib/decimal';
import { closedOrderCard, closedTradeCard, positionCard, type ShareCard } from '../../lib/share-card';
import { cardAlt, cardNote, cardText } from './pnl-card-words';

const user = 'bsc_0x25dcd50de2e3a0b2e1dcb6e1dbda5ee1e7d5f0b8';
const open = positionCard({ symbol: 'BTC-USD', qty: '0.5', entry_price: '40000', initial_margin: '2000', leverage: '10', user }, dec('42000'), { price: 1 })!;
const closed = closedTradeCard({ symbol: 'SOL-USD', side: 'buy', price: '103.5', qty: '2', pnl: '-7', user }, 5, { price: 3 })!;

describe('the share card in words', () => {
  it('the alt names symbol, side, leverage and ROE; the PnL only while shown; the account only when chosen', () => {
    expect(cardAlt(i18n, open, { showPnl: true, showAccount: false })).toBe('PnL card: BTC-USD Long 10×, ROE +50.00%, unrealized PnL +1,000.00 USD, entry 40,000.0, mark 42,000.0');
    const hidden = cardAlt(i18n, open, { showPnl: false, showAccount: false });
    expect(hidden).toBe('PnL card: BTC-USD Long 10×, ROE +50.00%, entry 40,000.0, mark 42,000.0');
    expect(hidden).not.toContain('1,000.00');
    expect(cardAlt(i18n, open, { showPnl: false, showAccount: true })).toBe(`${hidden}; account bsc_0x25dcd5…f0b8`);
  });

  it('a closed trade says exit and that its leverage is the setting', () => {
    expect(cardAlt(i18n, closed, { showPnl: true, showAccount: false })).toBe(
      'PnL card of a closed trade: SOL-USD Short 5×, ROE -17.50% at the 5× leverage setting, realized PnL -7.00 USD, entry 100.000, exit 103.500',
    );
    const text = cardText(i18n, closed, { showPnl: true, showAccount: false });
    expect(text.rows).toEqual([
      { label: 'Entry', value: '100.000' },
      { label: 'Exit', value: '103.500' },
      { label: 'Leverage setting', value: '5×' },
    ]);
    expect(text.pnl).toBe('-7.00 USD');
    expect(text.account).toBeNull();
  });

  it('the picture draws nothing hidden: no PnL, no account unless chosen', () => {
    const text = cardText(i18n, open, { showPnl: false, showAccount: false });
    expect(text.pnl).toBeNull();
    expect(text.account).toBeNull();
    expect(text.roe).toBe('+50.00%');
    expect(cardText(i18n, open, { showPnl: true, showAccount: true }).account).toBe('bsc_0x25dcd5…f0b8');
  });
});

describe('a closed trade at its order’s leverage', () => {
  const atOrder = closedTradeCard({ symbol: 'SOL-USD', side: 'buy', price: '103.5', qty: '2', pnl: '-7', user }, '5', { price: 3 }, undefined, 'order')!;
  it('says Leverage (not the setting) and the alt gives the side with it', () => {
    expect(cardText(i18n, atOrder, { showPnl: true, showAccount: false }).rows[2]).toEqual({ label: 'Leverage', value: '5×' });
    expect(cardAlt(i18n, atOrder, { showPnl: false, showAccount: false })).toBe('PnL card of a closed trade: SOL-USD Short 5×, ROE -17.50%, entry 100.000, exit 103.500');
  });
});

describe('a closed trade of several fills, or of only some of them', () => {
  const fill = (id: number, price: string, qty: string, pnl: string) => ({ id, symbol: 'BTC-USD', side: 'sell' as const, price, qty, pnl, user });
  const fills = [fill(1, '96000', '0.1', '100'), fill(2, '95950', '0.15', '142.5'), fill(3, '95900.1', '0.05', '45.005')];
  const leverage = { value: '10', is: 'order' as const };
  const places = { price: 1, qty: 3 };
  const whole = closedOrderCard({ fills, cover: { whole: true, fills: 3 }, leverage }, places)!;
  const part = closedOrderCard({ fills: fills.slice(0, 2), cover: { whole: false, fills: 2, orderFilled: '0.300', orderId: 42 }, leverage }, places)!;
  const unread = closedOrderCard({ fills: fills.slice(0, 1), cover: { whole: false, fills: 1, orderFilled: null, orderId: 42 }, leverage }, places)!;
  const words = (card: ShareCard) => ({ note: cardNote(i18n, card), text: cardText(i18n, card, { showPnl: true, showAccount: false }), alt: cardAlt(i18n, card, { showPnl: false, showAccount: false }) });

  it('the whole order: the note says the fills are summed and how the exit is averaged and rounded', () => {
    const w = words(whole);
    expect(w.text.kind).toBe('Closed trade');
    expect(w.note).toBe(
      'ROE is the PnL over the margin at the 10× leverage of the closing order. The closing order closed 0.300 in 3 fills: PnL is their sum, exit their volume-weighted average price rounded half up to the price tick, and the entry is worked out from their realized PnL.',
    );
    expect(w.alt).not.toContain('only');
  });

  it('a part: the picture says “Part of a closed trade”, the alt and the note say how much', () => {
    const w = words(part);
    expect(w.text.kind).toBe('Part of a closed trade');
    expect(w.alt).toMatch(/; only 2 fills of the closing order, not the whole trade$/);
    expect(w.note).toContain('Only 2 fills of the closing order could be read (0.250 closed; the order filled 0.300): PnL, exit and ROE are of those, not the whole trade.');
    expect(words(unread).note).toContain('Order 42 could not be read: this card sums the 1 fill of it loaded in Trade history (0.100 closed), which may not be all of the trade.');
  });
});
