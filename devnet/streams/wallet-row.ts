import { fmt, iso } from '../engine/decimal';
import type { WalletRecord } from '../engine';

/**
 * A wallet row as the `balance` channel sends it: the whole wallet record of the docs sample
 * (decisions.md "Streams" [doc sample]). What each field means in the devnet is written beside the
 * engine's bookkeeping (devnet/engine/wallets.ts, "Wallet records"). Money fields are decimal
 * strings, `version`, `ref_id` and `last_tx_updated_at` JSON integers, times ISO 8601 except
 * `last_tx_updated_at` (ms); `id` is a string, as the sample marks only those three as int.
 */
export interface WalletRowWire {
  account_type: 'spot' | 'perps';
  created_at: string;
  free: string;
  id: string;
  inbound: string;
  is_enabled: boolean;
  kind: 'user' | 'vault';
  last_tx: string;
  last_tx_updated_at: number;
  locked: string;
  occupied: string;
  outbound: string;
  ref_id: number;
  token: 'DUSD';
  total: string;
  updated_at: string;
  version: number;
  wallet_id: string;
}

export function renderWalletRow(w: WalletRecord): WalletRowWire {
  return {
    account_type: w.type,
    created_at: iso(w.createdAt),
    free: fmt(w.free),
    id: String(w.id),
    inbound: fmt(w.inbound),
    is_enabled: true,
    kind: w.kind,
    last_tx: w.lastTx === 0 ? '' : String(w.lastTx),
    last_tx_updated_at: w.lastTxAt,
    locked: fmt(w.locked),
    occupied: fmt(w.occupied),
    outbound: fmt(w.outbound),
    ref_id: w.pairId,
    token: 'DUSD',
    total: fmt(w.total),
    updated_at: iso(w.updatedAt),
    version: w.version,
    wallet_id: w.user,
  };
}
