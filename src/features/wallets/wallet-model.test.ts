import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { checkAmount as check, maxOf, MIN_DEPOSIT, showDusd } from './wallet-model';

/** The check with its refusal in words (English in tests), as the form shows it. */
const checkAmount = (...a: Parameters<typeof check>) => {
  const r = check(...a);
  return 'error' in r ? { error: i18n._(r.error) } : r;
};

describe('checkAmount', () => {
  it('accepts an exact decimal within the limits', () => {
    const r = checkAmount('10.12', { max: '20' });
    expect('value' in r && r.value.toFixed()).toBe('10.12');
  });
  it('refuses empty, non-numbers, zero, more places than DUSD has, above max, below the deposit minimum', () => {
    expect(checkAmount('')).toEqual({ error: 'Enter an amount' });
    expect(checkAmount('1e3')).toHaveProperty('error');
    expect(checkAmount('0')).toHaveProperty('error', 'The amount must be more than 0');
    expect(checkAmount('0.001')).toHaveProperty('error', 'DUSD amounts have at most 2 decimal places');
    expect(checkAmount('21', { max: '20' })).toHaveProperty('error', 'You have 20.00 DUSD available');
    expect(checkAmount('0.49', { min: MIN_DEPOSIT })).toHaveProperty('error', 'The minimum is 0.5 DUSD');
    expect(checkAmount('0.5', { min: MIN_DEPOSIT })).toHaveProperty('value');
  });
  it('refuses a withdrawal that the bridge fee would eat, and says the fee', () => {
    expect(checkAmount('0.1', { fee: '0.1' })).toHaveProperty('error', 'The amount must be more than the 0.10 DUSD bridge fee');
    expect(checkAmount('0.05', { fee: '0.1' })).toHaveProperty('error', 'The amount must be more than the 0.10 DUSD bridge fee');
    expect(checkAmount('0.11', { fee: '0.1' })).toHaveProperty('value');
  });
  it('says what is available rounded down, never more than there is', () => {
    expect(checkAmount('9455.67', { max: '9455.660477358062085922' })).toHaveProperty('error', 'You have 9,455.66 DUSD available');
  });
});

describe('Max', () => {
  it('puts the available amount at DUSD precision, rounded down (issue 18: 9455.660477358062085922)', () => {
    expect(maxOf('9455.660477358062085922')).toBe('9455.66');
    expect(maxOf('10.129')).toBe('10.12');
    expect(maxOf('7')).toBe('7.00');
  });
  it('offers nothing when there is less than a cent', () => {
    expect(maxOf('0.009')).toBeNull();
    expect(maxOf(null)).toBeNull();
  });
});

describe('showDusd', () => {
  it('shows a balance to the cent without rounding up past what is there', () => {
    expect(showDusd('10.129')).toBe('10.12');
    expect(showDusd('9455.660477358062085922')).toBe('9,455.66');
    expect(showDusd('0.1')).toBe('0.10');
    expect(showDusd('0')).toBe('0.00');
  });
  it('a dust balance under a cent reads "<0.01", never as nothing', () => {
    expect(showDusd('0.009')).toBe('<0.01');
  });
});
