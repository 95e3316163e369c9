import type { FundingTransaction, Order, Trade } from '../../api/schemas';
import type { CsvColumn } from '../../lib/csv';
import { orderKindOf, type OrderKind } from './order-labels';

/*
 * The export is a data file, not a screen: its headers are the API's field names and its values the
 * wire values, the same in every language the app speaks (a spreadsheet or script built on it keeps
 * working). The order kind, the one value the app derives, is written in English the same way.
 */
/* eslint-disable lingui/no-unlocalized-strings -- data values of the CSV export, not words on screen */
const KIND_IN_CSV: Record<OrderKind, string> = {
  'position-tpsl': 'Position TP/SL',
  'take-profit': 'Take profit',
  'stop-loss': 'Stop loss',
  liquidation: 'Liquidation',
  limit: 'Limit',
  market: 'Market',
};
/* eslint-enable lingui/no-unlocalized-strings */

/** Wire values go out verbatim (decimal strings, ISO times): the export is exact. */
export const orderCsv: CsvColumn<Order>[] = [
  { header: 'order_id', value: (o) => o.id },
  { header: 'client_order_id', value: (o) => o.cl_ord_id },
  { header: 'created_at', value: (o) => o.created_at },
  { header: 'symbol', value: (o) => o.symbol },
  { header: 'kind', value: (o) => KIND_IN_CSV[orderKindOf(o)] },
  { header: 'side', value: (o) => o.side },
  { header: 'price', value: (o) => o.price },
  { header: 'qty', value: (o) => o.qty },
  { header: 'filled_qty', value: (o) => o.fill_qty },
  { header: 'avg_fill_price', value: (o) => o.fill_avg_price },
  { header: 'time_in_force', value: (o) => o.time_in_force },
  { header: 'reduce_only', value: (o) => o.reduce_only },
  { header: 'status', value: (o) => o.status },
  { header: 'remark', value: (o) => o.remark },
];

export const tradeCsv: CsvColumn<Trade>[] = [
  { header: 'trade_id', value: (t) => t.id },
  { header: 'order_id', value: (t) => t.order_id },
  { header: 'time', value: (t) => t.created_at },
  { header: 'symbol', value: (t) => t.symbol },
  { header: 'side', value: (t) => t.side },
  { header: 'price', value: (t) => t.price },
  { header: 'qty', value: (t) => t.qty },
  { header: 'value', value: (t) => t.value },
  { header: 'fee', value: (t) => t.fee_qty },
  { header: 'fee_asset', value: (t) => t.fee_asset },
  { header: 'realized_pnl', value: (t) => t.pnl },
];

export const fundingCsv: CsvColumn<FundingTransaction>[] = [
  { header: 'id', value: (f) => f.id },
  { header: 'time', value: (f) => f.transact_time },
  { header: 'symbol', value: (f) => f.symbol },
  { header: 'amount', value: (f) => f.qty },
  { header: 'asset', value: (f) => f.asset },
  { header: 'type', value: (f) => f.txn_type },
];
