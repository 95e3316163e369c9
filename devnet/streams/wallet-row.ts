import { fmt, iso } from '../engine/decimal';
import type { WalletRow } from '../../src/api/schemas';
import type { WalletRecord } from '../engine';

/**
 * A wallet row as the `balance` channel sends it: the whole wallet record of the docs sample
 * (decisions.md "Streams" [doc sample]). What each field means in the devnet is written beside the
 * engine's bookkeeping (devnet/engine/wallets.ts, "Wallet records"). Money fields are decimal
 * strings, `version`, `ref_id` and `last_tx_updated_at` JSON integers, times ISO 8601 except
 * `last_tx_updated_at` (ms); `id` is a string, as the sample marks only those three as int. The shape is
 * the app's schema (where every field past the five it reads is optional): the devnet sends them all.
 */
export type WalletRowWire = Required<WalletRow>;

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
