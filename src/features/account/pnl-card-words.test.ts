import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { dec } from '../../lib/decimal';
import { closedTradeCard, positionCard } from '../../lib/share-card';
import { cardAlt, cardText } from './pnl-card-words';

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
