import { describe, expect, it } from 'vitest';
import type { WithdrawResponse } from '../api/schemas';
import { walletProblemOf } from './wallet-problem';
import { checkWithdrawContract, parseWithdrawContracts, WithdrawNotAllowed } from './withdraw-transaction';

function problemOf(f: () => void) {
  try {
    f();
  } catch (e) {
    return walletProblemOf(e);
  }
  return null;
}

const GOOD = '0xAbCdEf0123456789abcdef0123456789ABCDEF01';
const answer = (contract: string, chainId = 56) => ({ signature: { contract_address: contract, chain_id: chainId } }) as WithdrawResponse;

describe('the withdraw contract check (issue #13 item 11)', () => {
  it('accepts the configured contract in any letter case', () => {
    expect(() => checkWithdrawContract(answer(GOOD.toLowerCase()), GOOD)).not.toThrow();
  });

  it('refuses another contract, naming both', () => {
    const other = '0x000000000000000000000000000000000000dEaD';
    expect(() => checkWithdrawContract(answer(other), GOOD)).toThrow(WithdrawNotAllowed);
    expect(() => checkWithdrawContract(answer(other), GOOD)).toThrow(`${other}, which is not the withdraw contract of chain 56 (${GOOD})`);
    // What the screen says comes from the problem (src/trading/wallet-words.ts), not the message.
    expect(problemOf(() => checkWithdrawContract(answer(other), GOOD))).toEqual({ code: 'wrong-withdraw-contract', chainId: 56, named: other, expected: GOOD });
  });

  it('refuses every contract when none is configured', () => {
    expect(() => checkWithdrawContract(answer(GOOD), null)).toThrow(/No withdraw contract is configured for chain 56/);
    expect(problemOf(() => checkWithdrawContract(answer(GOOD), null))).toEqual({ code: 'no-withdraw-contract', chainId: 56, named: GOOD });
  });

  it('reads VITE_WITHDRAW_CONTRACT as one address for the configured chain or a chainId:address list', () => {
    expect(parseWithdrawContracts(undefined, 56)).toEqual({});
    expect(parseWithdrawContracts(GOOD, 56)).toEqual({ 56: GOOD });
    expect(parseWithdrawContracts(`56:${GOOD}, 97:0x1111111111111111111111111111111111111111`, 56)).toEqual({ 56: GOOD, 97: '0x1111111111111111111111111111111111111111' });
    expect(() => parseWithdrawContracts('0x123', 56)).toThrow(/VITE_WITHDRAW_CONTRACT/);
  });
});
