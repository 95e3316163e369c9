import { describe, expect, it } from 'vitest';
import { dec } from '../../lib/decimal';
import { readAlertForm } from './alert-form';

describe('the price alert form', () => {
  it('takes its direction from where the watched price is now', () => {
    expect(readAlertForm('96,000', 'mark', dec('95000'), 2).alert).toEqual({ price: '96000', direction: 'above', source: 'mark' });
    expect(readAlertForm('94000.5', 'last', dec('95000'), 2).alert).toEqual({ price: '94000.5', direction: 'below', source: 'last' });
  });

  it('refuses what it cannot set, saying why, and sets nothing', () => {
    expect(readAlertForm('', 'mark', dec('95000'), 2).problem).toMatchObject({ code: 'price-unreadable' });
    expect(readAlertForm('95000.123', 'mark', dec('95000'), 2).problem).toMatchObject({ code: 'price-unreadable' });
    expect(readAlertForm('0', 'mark', dec('95000'), 2).problem).toEqual({ code: 'price-not-positive' });
    expect(readAlertForm('95000', 'mark', dec('95000'), 2)).toEqual({ problem: { code: 'price-is-now', now: '95000' }, alert: null });
    expect(readAlertForm('96000', 'mark', null, 2).problem).toEqual({ code: 'no-price-yet' });
  });
});
