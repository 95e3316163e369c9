import type { WithdrawResponse } from '../api/schemas';

type Hex = `0x${string}`;

/**
 * The EVM account that sends the trader's money transactions (the deposit transfer, `reqRemoteCall`):
 * the built-in Devnet wallet, whose key this browser holds and which sends by itself, or a wallet
 * app connected through wagmi, which asks the trader each time.
 */
export interface ChainAccount {
  kind: 'built-in' | 'connected';
  address: string;
  /** ERC-20 `transfer` of DUSD base units to `to` (the deposit vault); resolves with the tx hash. */
  sendDusd(o: { token: string; to: string; amount: bigint; chainId: number }): Promise<Hex>;
  /**
   * Puts the account on `w.signature.chain_id` (a wallet app switches, the built-in one only knows
   * the configured chain) and checks it may submit `w`; throws WithdrawNotAllowed otherwise.
   */
  prepareWithdraw(w: WithdrawResponse, nowSeconds: number, contract: string | null): Promise<void>;
  /** Sends `reqRemoteCall` to `contract` (already checked); resolves with the tx hash. */
  submitWithdraw(w: WithdrawResponse, nowSeconds: number, contract: string | null): Promise<Hex>;
}
