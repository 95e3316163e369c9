import { describe, expect, it } from 'vitest';
import { next, type ConfirmEvent } from './order-confirm-machine';

const submit = (over: Partial<Extract<ConfirmEvent, { type: 'submit' }>> = {}): ConfirmEvent => ({
  type: 'submit',
  confirmed: false,
  ready: true,
  changesLeverage: false,
  asksMarket: false,
  ...over,
});

describe('order confirm machine', () => {
  it('sends a ready order at once when nothing is to be asked, and not an order with errors', () => {
    expect(next('editing', submit())).toBe('sending');
    expect(next('editing', submit({ ready: false }))).toBe('editing');
    expect(next('sending', { type: 'sent' })).toBe('editing');
  });

  it('asks about a changed leverage first, then sends once confirmed', () => {
    const asked = next('editing', submit({ changesLeverage: true, asksMarket: true }));
    expect(asked).toBe('leverage');
    expect(next(asked, submit({ changesLeverage: true, asksMarket: true, confirmed: true }))).toBe('sending');
    expect(next(asked, { type: 'leverage-edited' })).toBe('editing');
    expect(next(asked, { type: 'cancel' })).toBe('editing');
    // Esc and the order type leave the leverage question where it is.
    expect(next(asked, { type: 'clear' })).toBe('leverage');
    expect(next(asked, { type: 'order-type-changed' })).toBe('leverage');
  });

  it('asks before a market order when the settings say so; Cancel, Esc or another order type drop the question', () => {
    const asked = next('editing', submit({ asksMarket: true }));
    expect(asked).toBe('market');
    expect(next(asked, submit({ asksMarket: true, confirmed: true }))).toBe('sending');
    expect(next(asked, { type: 'cancel' })).toBe('editing');
    expect(next(asked, { type: 'clear' })).toBe('editing');
    expect(next(asked, { type: 'order-type-changed' })).toBe('editing');
    expect(next(asked, { type: 'leverage-edited' })).toBe('market');
  });

  it('a submit while sending changes nothing, and a late "sent" leaves a new question standing', () => {
    expect(next('sending', submit({ ready: false }))).toBe('sending');
    expect(next('market', { type: 'sent' })).toBe('market');
    expect(next('sending', { type: 'cancel' })).toBe('sending');
  });
});
