import { z } from 'zod';
import { decimalString, int, isoTime } from './primitives';

/** Spec §2.15 Withdraw response of the bridge. */
export const withdrawResponse = z.object({
  tx: z.object({
    id: z.string(),
    nonce: int,
    tx_type: z.string(),
    status: z.string(),
    from_addr: z.string(),
    to_addr: z.string(),
    from_account_type: z.string(),
    to_account_type: z.string(),
    token: z.string(),
    token_addr: z.string(),
    token_amount: decimalString,
    src_chain: z.string(),
    dst_chain: z.string(),
    src_tx: z.string(),
    dst_tx: z.string(),
    src_block: z.string(),
    dst_block: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  withdraw_fee: decimalString,
  signature: z.object({
    expired_at: int,
    chain_id: int,
    caller: z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: 'expected an EVM address' }),
    contract_address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: 'expected an EVM address' }),
    signature: z.string().regex(/^0x[0-9a-fA-F]+$/, { error: 'expected a hex signature' }),
  }),
});
export type WithdrawResponse = z.infer<typeof withdrawResponse>;

/**
 * A wallet row as the `balance` stream channel sends it: the wallet record of the docs sample
 * (decisions.md "Streams" [doc sample]). The app reads account_type, token, free, locked and total;
 * the rest is validated when present but optional, since a service may leave any of it out, and
 * fields beyond these are tolerated. The devnet sends every one (its contract test asserts them; what
 * each means there: devnet/engine/wallets.ts, "Wallet records").
 */
export const walletRow = z.looseObject({
  account_type: z.string(),
  token: z.string(),
  free: decimalString,
  locked: decimalString,
  total: decimalString,
  id: z.string().optional(),
  wallet_id: z.string().optional(),
  kind: z.string().optional(),
  is_enabled: z.boolean().optional(),
  occupied: decimalString.optional(),
  inbound: decimalString.optional(),
  outbound: decimalString.optional(),
  version: int.optional(),
  ref_id: int.optional(),
  last_tx: z.string().optional(),
  last_tx_updated_at: int.optional(),
  created_at: isoTime.optional(),
  updated_at: isoTime.optional(),
});
export type WalletRow = z.infer<typeof walletRow>;
