import { dec } from '../lib/decimal';

/**
 * A deposit from the trader's EVM wallet as a step machine, beside withdraw-machine.ts: `next` is
 * pure, and `runDeposit` performs each step's effect (injected: the sending wallet, the chain, the
 * Cash Wallet read) and feeds its outcome back as an event. What the card shows is the stage; the
 * words are the view's (features/wallets/deposit-card.tsx).
 */

/** Where the deposit is. Amounts are formatted, the hash shortened. */
export type DepositStage =
  | { code: 'sending-built-in' }
  | { code: 'confirm-in-wallet' }
  | { code: 'sent'; hash: string }
  | { code: 'on-chain' }
  | { code: 'credited'; amount: string }
  | { code: 'not-shown' };

export interface DepositState {
  stage: DepositStage | null;
  /** Reads of the Cash Wallet since the transfer was mined (the service indexes it on its own time). */
  checks: number;
}

export type DepositEvent =
  /** `sender`: the built-in wallet sends by itself; a wallet app asks the trader to confirm. */
  | { type: 'start'; sender: 'built-in' | 'connected' }
  | { type: 'sent'; hash: string }
  | { type: 'mined' }
  /** One read of the Cash Wallet: `credited` once it holds what it held before plus the deposit. */
  | { type: 'checked'; credited: boolean; amount: string }
  /** Refused or failed before it was mined: nothing is under way (the error is said by the caller). */
  | { type: 'failed' };

/** How many times the Cash Wallet is read, a second apart, before the card says the credit has not shown yet. */
export const MAX_CREDIT_CHECKS = 120;

export const idleDeposit: DepositState = { stage: null, checks: 0 };

export function nextDeposit(s: DepositState, e: DepositEvent): DepositState {
  switch (e.type) {
    case 'start':
      return { stage: e.sender === 'built-in' ? { code: 'sending-built-in' } : { code: 'confirm-in-wallet' }, checks: 0 };
    case 'sent':
      return { ...s, stage: { code: 'sent', hash: e.hash.slice(0, 10) } };
    case 'mined':
      return { stage: { code: 'on-chain' }, checks: 0 };
    case 'checked': {
      if (s.stage?.code !== 'on-chain') return s;
      if (e.credited) return { stage: { code: 'credited', amount: e.amount }, checks: s.checks + 1 };
      const checks = s.checks + 1;
      return { stage: checks >= MAX_CREDIT_CHECKS ? { code: 'not-shown' } : s.stage, checks };
    }
    case 'failed':
      return idleDeposit;
  }
}

/** A stage the machine waits in for an effect; credited and not-shown end it. */
export function depositUnderWay(s: DepositState): boolean {
  return s.stage !== null && s.stage.code !== 'credited' && s.stage.code !== 'not-shown';
}

/** `H`: the chain's hash type (viem's `0x…`), passed back to the receipt wait as it came. */
export interface DepositEffects<H extends string = string> {
  sender: 'built-in' | 'connected';
  /** Sends the DUSD transfer to the deposit vault; resolves to its hash. */
  send: () => Promise<H>;
  waitForReceipt: (hash: H) => Promise<void>;
  /** The Cash Wallet's total a second after asking the service again (undefined: not known yet). */
  readCash: () => Promise<string | undefined>;
  /** Every state the deposit goes through, for the card to draw. */
  onChange: (s: DepositState) => void;
}

/**
 * Runs a deposit of `amount` (decimal string; `shown` is it as the card writes it) from a Cash Wallet
 * that held `before`: send, wait for the block, then read the Cash Wallet until the deposit is in it
 * or MAX_CREDIT_CHECKS reads have passed. A failure before the block resets the card and is thrown.
 */
export async function runDeposit<H extends string>(fx: DepositEffects<H>, { amount, shown, before }: { amount: string; shown: string; before: string }): Promise<DepositState> {
  let s = idleDeposit;
  const step = (e: DepositEvent) => {
    s = nextDeposit(s, e);
    fx.onChange(s);
  };
  try {
    step({ type: 'start', sender: fx.sender });
    const hash = await fx.send();
    step({ type: 'sent', hash });
    await fx.waitForReceipt(hash);
  } catch (error) {
    step({ type: 'failed' });
    throw error;
  }
  step({ type: 'mined' });
  const want = dec(before).plus(amount);
  while (depositUnderWay(s)) {
    const now = await fx.readCash();
    step({ type: 'checked', credited: now !== undefined && dec(now).gte(want), amount: shown });
  }
  return s;
}
