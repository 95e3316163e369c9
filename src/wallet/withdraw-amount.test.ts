import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTokenUnits, onChainWithdrawAmount, parseTokenUnits } from './withdraw-amount';
import { WalletError } from './wallet-problem';

const ONE = 10n ** 18n;

/**
 * Renders base units as a decimal string by plain digit slicing, padding the fraction to at least `keepPlaces` places with
 * trailing zeros, so the expected value comes from the bigint side and never from the parser.
 */
function render(units: bigint, keepPlaces: number): string {
  const digits = units.toString().padStart(19, '0');
  const whole = digits.slice(0, -18).replace(/^0+(?=\d)/, '');
  const fraction = digits.slice(-18);
  const significant = fraction.replace(/0+$/, '').length;
  const places = Math.max(significant, keepPlaces);
  return places === 0 ? whole : `${whole}.${fraction.slice(0, places)}`;
}

const units = fc.bigInt({ min: 0n, max: 10n ** 30n });
const places = fc.integer({ min: 0, max: 18 });

describe('onChainWithdrawAmount', () => {
  it('is the spec example: 10 − 0.5 = 9.5 DUSD in wei', () => {
    expect(onChainWithdrawAmount('10', '0.5')).toBe(9_500_000_000_000_000_000n);
  });

  it('equals the exact difference for any amounts with up to 18 places', () => {
    fc.assert(
      fc.property(units, units, places, places, (a, b, pa, pb) => {
        const [amount, fee] = a >= b ? [a, b] : [b, a];
        expect(onChainWithdrawAmount(render(amount, pa), render(fee, pb))).toBe(amount - fee);
      }),
      { numRuns: 2000 },
    );
  });

  it('throws when the fee exceeds the amount', () => {
    fc.assert(
      fc.property(units, units, (a, b) => {
        fc.pre(a !== b);
        const [amount, fee] = a < b ? [a, b] : [b, a];
        expect(() => onChainWithdrawAmount(render(amount, 0), render(fee, 0))).toThrow(/exceeds/);
      }),
    );
  });

  it('returns zero when the fee equals the amount', () => {
    expect(onChainWithdrawAmount('0.5', '0.500')).toBe(0n);
  });

  it('throws on a non-zero digit past the token decimals instead of rounding', () => {
    expect(() => onChainWithdrawAmount('1.0000000000000000001', '0')).toThrow(/more than 18 decimal places/);
    expect(() => onChainWithdrawAmount('1.5', '0.05', 1)).toThrow(/withdraw fee "0.05": more than 1 decimal places/);
    fc.assert(
      fc.property(units, fc.integer({ min: 1, max: 9 }), (a, digit) => {
        expect(() => onChainWithdrawAmount(`${render(a, 18)}${digit}`, '0')).toThrow(/decimal places/);
      }),
    );
  });

  it('accepts zeros past the token decimals: the value is still exact', () => {
    expect(onChainWithdrawAmount('1.50000000000000000000', '0')).toBe(15n * 10n ** 17n);
  });

  it('honours other decimals, e.g. a 6-decimal token', () => {
    expect(onChainWithdrawAmount('100.25', '0.000001', 6)).toBe(100_249_999n);
    expect(onChainWithdrawAmount('7', '2', 0)).toBe(5n);
  });

  it('rejects invalid decimals', () => {
    for (const d of [-1, 1.5, 256, Number.NaN]) {
      expect(() => onChainWithdrawAmount('1', '0', d)).toThrow(/Invalid token decimals/);
    }
  });

  it('rejects strings that are not plain non-negative decimals', () => {
    for (const bad of ['', ' 1', '-1', '1e18', '0x10', '1.', '.5', '1,5', 'NaN', '1.2.3']) {
      expect(() => onChainWithdrawAmount(bad, '0')).toThrow(/Invalid withdraw amount/);
      expect(() => onChainWithdrawAmount('1', bad)).toThrow(/Invalid withdraw fee/);
    }
  });

  it('carries what is wrong as a problem code the app puts in words', () => {
    const problem = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof WalletError ? e.problem : e;
      }
      return null;
    };
    expect(problem(() => onChainWithdrawAmount('1', 'x'))).toEqual({ code: 'not-a-decimal', label: 'withdraw fee', value: 'x' });
    expect(problem(() => onChainWithdrawAmount('1.5', '0.05', 1))).toEqual({ code: 'too-many-places', label: 'withdraw fee', value: '0.05', decimals: 1 });
    expect(problem(() => onChainWithdrawAmount('1', '2'))).toEqual({ code: 'fee-exceeds-amount', fee: '2', amount: '1' });
    expect(problem(() => onChainWithdrawAmount('1', '0', 256))).toEqual({ code: 'token-decimals', decimals: 256 });
  });
});

describe('parseTokenUnits / formatTokenUnits', () => {
  it('round-trip every base-unit value', () => {
    fc.assert(
      fc.property(units, (a) => {
        expect(parseTokenUnits(formatTokenUnits(a))).toBe(a);
        expect(formatTokenUnits(a)).toBe(render(a, 0));
      }),
    );
  });

  it('formats negatives and whole values without a trailing dot', () => {
    expect(formatTokenUnits(-ONE / 2n)).toBe('-0.5');
    expect(formatTokenUnits(3n * ONE)).toBe('3');
    expect(formatTokenUnits(1n, 0)).toBe('1');
  });
});
