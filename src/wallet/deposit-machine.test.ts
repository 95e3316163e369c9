import { describe, expect, it } from 'vitest';
import { idleDeposit, MAX_CREDIT_CHECKS, nextDeposit, runDeposit, type DepositEffects, type DepositState } from './deposit-machine';

function effects(over: Partial<DepositEffects> & { cash?: (read: number) => string | undefined } = {}) {
  const seen: DepositState[] = [];
  let reads = 0;
  const fx: DepositEffects = {
    sender: 'connected',
    send: () => Promise.resolve('0xabcdef0123456789'),
    waitForReceipt: () => Promise.resolve(),
    readCash: () => Promise.resolve(over.cash ? over.cash(++reads) : '100'),
    onChange: (s) => seen.push(s),
    ...over,
  };
  return { fx, seen, reads: () => reads };
}

describe('a deposit from the wallet', () => {
  it('asks the wallet app, shows the sent hash, waits for the block, then for the credit', async () => {
    const { fx, seen } = effects({ cash: (n) => (n < 3 ? '100' : '150.5') });
    const end = await runDeposit(fx, { amount: '50.5', shown: '50.50', before: '100' });
    expect(seen.map((s) => s.stage?.code)).toEqual(['confirm-in-wallet', 'sent', 'on-chain', 'on-chain', 'on-chain', 'credited']);
    expect(seen[1]!.stage).toEqual({ code: 'sent', hash: '0xabcdef01' });
    expect(end.stage).toEqual({ code: 'credited', amount: '50.50' });
  });

  it('the built-in wallet sends by itself', async () => {
    const { fx, seen } = effects({ sender: 'built-in' });
    await runDeposit(fx, { amount: '1', shown: '1.00', before: '99' });
    expect(seen[0]!.stage).toEqual({ code: 'sending-built-in' });
  });

  it(`says the credit has not shown after ${MAX_CREDIT_CHECKS} reads, and reads no more`, async () => {
    const { fx, reads } = effects({ cash: () => '100' });
    const end = await runDeposit(fx, { amount: '5', shown: '5.00', before: '100' });
    expect(end.stage).toEqual({ code: 'not-shown' });
    expect(reads()).toBe(MAX_CREDIT_CHECKS);
  });

  it('a Cash Wallet not known yet is not a credit', async () => {
    const { fx } = effects({ cash: (n) => (n < 5 ? undefined : '105') });
    expect((await runDeposit(fx, { amount: '5', shown: '5.00', before: '100' })).stage?.code).toBe('credited');
  });

  it('declined in the wallet: the card goes back to idle and the error reaches the caller', async () => {
    const { fx, seen } = effects({ send: () => Promise.reject(new Error('User rejected the request')) });
    await expect(runDeposit(fx, { amount: '5', shown: '5.00', before: '0' })).rejects.toThrow('User rejected');
    expect(seen.at(-1)).toEqual(idleDeposit);
  });

  it('a read after the end changes nothing', () => {
    const credited: DepositState = { stage: { code: 'credited', amount: '5.00' }, checks: 1 };
    expect(nextDeposit(credited, { type: 'checked', credited: false, amount: '5.00' })).toBe(credited);
  });
});
