import { describe, expect, it } from 'vitest';
import { withdrawAuthorization } from '../api/__fixtures__/spec-samples';
import type { WithdrawResponse } from '../api/schemas';
import { entryOf, mergeHistory } from './withdraw-records';

const HASH = `0x${'cd'.repeat(32)}`;

function withdrawal(id: string, status: string): WithdrawResponse {
  const w = withdrawAuthorization({ caller: '0x1111111111111111111111111111111111111111', contract: '0x2222222222222222222222222222222222222222', amount: '20', fee: '0.1', expiredAt: 1_800_000_600 });
  return { ...w, tx: { ...w.tx, id, status } };
}

describe('the withdraw history: which rows can be continued', () => {
  it('a Pending row of the bridge carries its authorization and the hash this browser saw; a Confirmed one nothing', () => {
    const pending = withdrawal('w-2', 'Pending');
    const rows = mergeHistory([pending, withdrawal('w-1', 'Confirmed')], [{ ...entryOf(pending), txHash: HASH }]);
    expect(rows[0]!.resumable).toEqual({ withdrawal: pending, txHash: HASH });
    expect(rows[1]!.resumable).toBeUndefined();
  });

  it('without the bridge list, only this browser’s Pending record can be continued', () => {
    const mine = withdrawal('w-3', 'Pending');
    const other = withdrawal('w-4', 'Pending');
    const rows = mergeHistory(null, [entryOf(mine), entryOf(other)], { withdrawal: mine, txHash: null });
    expect(rows[0]!.resumable).toEqual({ withdrawal: mine, txHash: null });
    expect(rows[1]!.resumable).toBeUndefined();
  });
});
