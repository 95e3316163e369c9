import type { FundingTransaction, Trade } from '../schemas';

/** A trade row of the service's shape, for the cache's tests. */
export const sampleTrade = (id: number): Trade => ({
  id,
  order_id: id * 10,
  user: 'bsc_0xaaa',
  symbol: 'BTC-USD',
  side: 'buy',
  price: '95000.5',
  qty: '0.01',
  value: '950.005',
  fee_asset: 'DUSD',
  fee_qty: '0.475',
  pnl: '0',
  created_at: '2026-11-29T03:00:00.000Z',
  updated_at: '2026-11-29T03:00:00.000Z',
});

export const sampleFunding = (id: number): FundingTransaction => ({
  id,
  user: 'bsc_0xaaa',
  asset: 'DUSD',
  symbol: 'BTC-USD',
  qty: '-0.0123',
  txn_type: 'funding_fee',
  transact_time: '2026-11-29T03:00:00.000Z',
  created_at: '2026-11-29T03:00:00.000Z',
  updated_at: '2026-11-29T03:00:00.000Z',
});
