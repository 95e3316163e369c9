import { describe, expect, it } from 'vitest';
import { checkAmount, MIN_DEPOSIT } from './wallet-model';

describe('checkAmount', () => {
  it('accepts an exact decimal within the limits', () => {
    const r = checkAmount('10.123456789012345678', { max: '20' });
    expect('value' in r && r.value.toFixed()).toBe('10.123456789012345678');
  });
  it('refuses empty, non-numbers, zero, too many places, above max, below the deposit minimum', () => {
    expect(checkAmount('')).toEqual({ error: 'Enter an amount' });
    expect(checkAmount('1e3')).toHaveProperty('error');
    expect(checkAmount('0')).toHaveProperty('error', 'The amount must be more than 0');
    expect(checkAmount('0.0000000000000000001')).toHaveProperty('error', 'At most 18 decimal places');
    expect(checkAmount('21', { max: '20' })).toHaveProperty('error', 'You have 20 DUSD available');
    expect(checkAmount('0.49', { min: MIN_DEPOSIT })).toHaveProperty('error', 'The minimum is 0.5 DUSD');
    expect(checkAmount('0.5', { min: MIN_DEPOSIT })).toHaveProperty('value');
  });
});
