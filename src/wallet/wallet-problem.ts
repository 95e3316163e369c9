/**
 * Why the wallet layer refused or failed, as data: the app shows these in the trader's language
 * (src/trading/wallet-words.ts); this layer has no words of its own. The Error's `message` stays a
 * plain English diagnostic for logs and for the devnet and node tools, which run this code without
 * the app; the screen never shows it for a WalletError.
 */
export type WalletProblem =
  // Connecting a wallet app (evm-wallets.ts)
  | { code: 'wallet-gone' }
  | { code: 'disconnect-failed'; wallet: string | null; detail: string }
  | { code: 'connected-without-account' }
  | { code: 'connect-evm-first' }
  | { code: 'tx-reverted'; hash: string }
  // Before the withdraw transaction is sent (withdraw-transaction.ts, evm-wallets.ts, built-in-account.ts)
  | { code: 'connect-requester' }
  | { code: 'chain-not-configured'; chainId: number }
  | { code: 'no-withdraw-contract'; chainId: number; named: string }
  | { code: 'wrong-withdraw-contract'; chainId: number; named: string; expected: string }
  | { code: 'wrong-caller'; caller: string; connected: string }
  | { code: 'authorization-expired' }
  | { code: 'built-in-other-chain'; own: number; asked: number }
  // The bridge's amounts in token units (withdraw-amount.ts)
  | { code: 'token-decimals'; decimals: number }
  | { code: 'not-a-decimal'; label: TokenAmountLabel; value: string }
  | { code: 'too-many-places'; label: TokenAmountLabel; value: string; decimals: number }
  | { code: 'fee-exceeds-amount'; fee: string; amount: string };

/** Which amount a token-unit problem is about. */
export type TokenAmountLabel = 'amount' | 'withdraw amount' | 'withdraw fee';

export class WalletError extends Error {
  readonly problem: WalletProblem;
  constructor(problem: WalletProblem, message: string) {
    super(message);
    this.name = 'WalletError';
    this.problem = problem;
  }
}

/** The wallet problem an error carries, if it is one of this layer's. */
export function walletProblemOf(e: unknown): WalletProblem | null {
  return e instanceof WalletError ? e.problem : null;
}
