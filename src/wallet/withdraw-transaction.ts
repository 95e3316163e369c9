import type { WithdrawResponse } from '../api/schemas';
import { onChainWithdrawAmount } from './withdraw-amount';
import { WalletError, type WalletProblem } from './wallet-problem';

type Hex = `0x${string}`;

/** Why the wallet must not send the withdraw transaction (yet). */
export class WithdrawNotAllowed extends WalletError {
  constructor(problem: WalletProblem, message: string) {
    super(problem, message);
    this.name = 'WithdrawNotAllowed';
  }
}

/** No wallet that may send this withdrawal is connected. */
export function requesterNotConnected(): WithdrawNotAllowed {
  return new WithdrawNotAllowed({ code: 'connect-requester' }, 'Connect the EVM wallet that requested this withdrawal');
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

/**
 * Withdraw contracts published for the public service, by chain id. The public documentation names
 * the deposit vaults but no `reqRemoteCall` contract, so none is known: on the public preset the
 * address must be configured (`VITE_WITHDRAW_CONTRACT`), and until it is every withdraw is refused.
 */
export const PUBLISHED_WITHDRAW_CONTRACTS: Readonly<Record<number, string>> = {};

/** What the app knows of the withdraw contract: configured addresses by chain id. */
export interface WithdrawContractSettings {
  withdrawContracts: Readonly<Record<number, string>>;
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * `VITE_WITHDRAW_CONTRACT`: one address (for the configured chain `evmChainId`) or a list
 * `56:0x…,97:0x…` by chain id. Throws on anything else, so a typo fails the build, not a withdraw.
 */
export function parseWithdrawContracts(setting: string | undefined, evmChainId: number): Record<number, string> {
  const out: Record<number, string> = {};
  const value = setting?.trim() ?? '';
  if (value === '') return out;
  for (const part of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^(?:(\d+):)?(0x[0-9a-fA-F]{40})$/.exec(part);
    if (!m) throw new Error(`VITE_WITHDRAW_CONTRACT: "${part}" is neither an EVM address nor <chainId>:<address>`);
    out[m[1] ? Number(m[1]) : evmChainId] = m[2]!;
  }
  return out;
}

/** The configured (or published) withdraw contract of `chainId`, or null when none is known. */
export function configuredWithdrawContract(s: Partial<WithdrawContractSettings>, chainId: number): string | null {
  return s.withdrawContracts?.[chainId] ?? PUBLISHED_WITHDRAW_CONTRACTS[chainId] ?? null;
}

/**
 * Refuses before anything reaches the wallet when the bridge names a contract other than the
 * withdraw contract the app knows for that chain (or when it knows none): `reqRemoteCall` goes only
 * to the contract the trader's configuration names, never to whatever address an answer carries.
 */
export function checkWithdrawContract(w: WithdrawResponse, expected: string | null): void {
  const named = w.signature.contract_address;
  const chain = w.signature.chain_id;
  if (!expected || !EVM_ADDRESS.test(expected)) {
    throw new WithdrawNotAllowed(
      { code: 'no-withdraw-contract', chainId: chain, named },
      `No withdraw contract is configured for chain ${chain}, so the bridge's contract ${named} cannot be checked: nothing was sent. Set VITE_WITHDRAW_CONTRACT to the published withdraw contract.`,
    );
  }
  if (!EVM_ADDRESS.test(named) || named.toLowerCase() !== expected.toLowerCase()) {
    throw new WithdrawNotAllowed(
      { code: 'wrong-withdraw-contract', chainId: chain, named, expected },
      `The bridge asked to send this withdrawal to ${named}, which is not the withdraw contract of chain ${chain} (${expected}): refused, nothing was sent to your wallet.`,
    );
  }
}

/** Refuses before the wallet prompt: wrong account connected, or the authorization has expired. */
export function checkWithdrawSubmission(w: WithdrawResponse, connectedAddress: string, nowSeconds: number): void {
  if (connectedAddress.toLowerCase() !== w.signature.caller.toLowerCase()) {
    throw new WithdrawNotAllowed({ code: 'wrong-caller', caller: w.signature.caller, connected: connectedAddress }, `Connect ${w.signature.caller}: only that account may submit this withdrawal (connected: ${connectedAddress}).`);
  }
  if (nowSeconds > w.signature.expired_at) {
    throw new WithdrawNotAllowed({ code: 'authorization-expired' }, 'This withdraw authorization has expired; the reserved amount returns to your Cash Wallet.');
  }
}
