import { describe, expect, it } from 'vitest';
import { Exchange } from './exchange';

const ok = <T>(r: { ok: true; value: T } | { ok: false; message: string }): T => {
  if (!r.ok) throw new Error(r.message);
  return r.value;
};
const D = (n: number | string) => BigInt(n) * 10n ** 18n;

function fresh() {
  const ex = new Exchange({ startTime: Date.parse('2026-01-01T00:00:00Z'), seed: 7, makers: false });
  return ex;
}
const cash = (ex: Exchange, u: string) => ex.wallets(u).cash;

describe('Exchange.reverseCredit (a deposit that left the canonical chain)', () => {
  it('takes the amount back from the Cash Wallet, once per ref', () => {
    const ex = fresh();
    ok(ex.creditCash('alice', '10', 'r1'));
    expect(ok(ex.reverseCredit('r1'))).toEqual({ fromCash: D(10), fromPerps: 0n, debt: 0n });
    expect(cash(ex, 'alice').free).toBe('0');
    expect(ok(ex.reverseCredit('r1'))).toEqual({ fromCash: 0n, fromPerps: 0n, debt: 0n });
    expect(cash(ex, 'alice').free).toBe('0');
    expect(ex.moneyInvariant().ok).toBe(true);
    expect(ex.reverseCredit('nope').ok).toBe(false);
  });

  it('takes what the Cash Wallet lacks from the perps wallet, the rest becomes a debt repaid by later credits', () => {
    const ex = fresh();
    ok(ex.creditCash('bob', '10', 'd1'));
    ok(ex.transferToPerps('bob', '4'));
    ok(ex.reserveWithdraw('bob', '5', 'w1')); // locked for a withdrawal: never taken back
    // cash free 1, perps 4, locked 5
    expect(ok(ex.reverseCredit('d1'))).toEqual({ fromCash: D(1), fromPerps: D(4), debt: D(5) });
    expect(cash(ex, 'bob')).toMatchObject({ free: '0', locked: '5' });
    expect(ex.wallets('bob').perps.free).toBe('0');
    expect(ex.moneyInvariant().ok).toBe(true);
    // A later deposit repays the debt first.
    ok(ex.creditCash('bob', '3', 'd2'));
    expect(cash(ex, 'bob').free).toBe('0');
    ok(ex.creditCash('bob', '7', 'd3'));
    expect(cash(ex, 'bob').free).toBe('5');
    expect(ex.moneyInvariant().ok).toBe(true);
  });

  it('re-applies a reversed credit when the same deposit comes back, and keeps the debt through a snapshot', () => {
    const ex = fresh();
    ok(ex.creditCash('carol', '6', 'x'));
    ok(ex.reserveWithdraw('carol', '6', 'w'));
    expect(ok(ex.reverseCredit('x')).debt).toBe(D(6));
    const restored = Exchange.restore(ex.snapshotChunks().join(''), { makers: false });
    ok(restored.creditCash('carol', '6', 'x')); // re-mined deposit: pays the debt back
    expect(cash(restored, 'carol').free).toBe('0');
    ok(restored.creditCash('carol', '1', 'y'));
    expect(cash(restored, 'carol').free).toBe('1');
    expect(restored.creditCash('carol', '6', 'x').ok).toBe(true); // redelivery: a no-op
    expect(cash(restored, 'carol').free).toBe('1');
    expect(restored.moneyInvariant().ok).toBe(true);
  });
});
