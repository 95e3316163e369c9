import type { WithdrawResponse } from '../api/schemas';
import { onChainWithdrawAmount } from './withdraw-amount';

type Hex = `0x${string}`;

/** Why the wallet must not send the withdraw transaction (yet). */
export class WithdrawNotAllowed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WithdrawNotAllowed';
  }
}

/**
 * The two `reqRemoteCall` arguments built from the bridge's withdraw response (spec §4.3 step 3–4):
 * the on-chain amount is token_amount − withdraw_fee in 18-decimal units, never token_amount.
 */
export function withdrawCallArgs(w: WithdrawResponse) {
  return [
    { token: w.tx.token_addr as Hex, amount: onChainWithdrawAmount(w.tx.token_amount, w.withdraw_fee), nonce: BigInt(w.tx.nonce) },
    {
      expiredAt: BigInt(w.signature.expired_at),
      chainId: BigInt(w.signature.chain_id),
      caller: w.signature.caller as Hex,
      contractAddress: w.signature.contract_address as Hex,
      signature: w.signature.signature as Hex,
    },
  ] as const;
}

/** Refuses before the wallet prompt: wrong account connected, or the authorization has expired. */
export function checkWithdrawSubmission(w: WithdrawResponse, connectedAddress: string, nowSeconds: number): void {
  if (connectedAddress.toLowerCase() !== w.signature.caller.toLowerCase()) {
    throw new WithdrawNotAllowed(`Connect ${w.signature.caller}: only that account may submit this withdrawal (connected: ${connectedAddress}).`);
  }
  if (nowSeconds > w.signature.expired_at) {
    throw new WithdrawNotAllowed('This withdraw authorization has expired; the reserved amount returns to your Cash Wallet.');
  }
}
