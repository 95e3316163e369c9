import type { FundingTransaction, Trade } from '../schemas';

export type HistoryKind = 'trades' | 'funding';
export interface HistoryRows {
  trades: Trade;
  funding: FundingTransaction;
}
export type HistoryRow = Trade | FundingTransaction;

const TRADE_STRINGS = ['user', 'symbol', 'side', 'price', 'qty', 'value', 'fee_asset', 'fee_qty', 'pnl', 'created_at', 'updated_at'] as const;
const FUNDING_STRINGS = ['user', 'asset', 'symbol', 'qty', 'txn_type', 'transact_time', 'created_at', 'updated_at'] as const;

/**
 * A cached row still has the shape the figures read (the schemas checked it on the way in; this
 * catches a record written by an older app or damaged in storage, cheaply enough for 100,000 rows).
 */
export function isCachedRow(kind: HistoryKind, row: unknown, id: unknown): row is HistoryRow {
  if (typeof row !== 'object' || row === null) return false;
  const r = row as Record<string, unknown>;
  if (r.id !== id || !Number.isSafeInteger(r.id)) return false;
  if (kind === 'trades' && !Number.isSafeInteger(r.order_id)) return false;
  for (const f of kind === 'trades' ? TRADE_STRINGS : FUNDING_STRINGS) if (typeof r[f] !== 'string') return false;
  return true;
}
