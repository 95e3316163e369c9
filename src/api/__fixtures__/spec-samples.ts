import type { WithdrawResponse } from '../schemas';

/** Resource shapes as the spec's section 2 describes them, with realistic values. */
export const sampleOrder = {
  id: 2547027085,
  cl_ord_id: '01K2BK4ZKQE0C308SRD39P8N9Z',
  user: 'bsc_0x25dcd50de2e3a0b2e1dcb6e1dbda5ee1e7d5f0b8',
  symbol: 'BTC-USD',
  side: 'sell',
  order_type: 'limit',
  time_in_force: 'gtc',
  price: '121900.25',
  qty: '0.0010',
  fill_qty: '0',
  fill_avg_price: '0',
  reduce_only: false,
  leverage: '15',
  margin: '8.13',
  avail_locked: '8.13',
  status: 'new',
  position_id: 0,
  liq_id: 0,
  created_block: -1,
  closed_block: -1,
  source: 'user',
  remark: '',
  payload: null,
  created_at: '2025-08-11T03:35:25.559151Z',
  updated_at: '2025-08-11T03:35:25.559151Z',
};

export const sampleTrade = {
  id: 1,
  order_id: 2547027085,
  user: sampleOrder.user,
  symbol: 'BTC-USD',
  side: 'buy',
  price: '121900.25',
  qty: '0.0010',
  value: '121.90025',
  fee_asset: 'DUSD',
  fee_qty: '0.0487601',
  pnl: '0',
  created_at: '2025-08-11T03:35:25.559151Z',
  updated_at: '2025-08-11T03:35:25.559151Z',
};

export const sampleFundingTx = {
  id: 7,
  user: sampleOrder.user,
  asset: 'DUSD',
  symbol: 'BTC-USD',
  qty: '-0.0123',
  txn_type: 'funding_fee',
  transact_time: '2025-08-11T04:00:00Z',
  created_at: '2025-08-11T04:00:00Z',
  updated_at: '2025-08-11T04:00:00Z',
};

export const samplePosition = {
  id: 11,
  user: sampleOrder.user,
  symbol: 'BTC-USD',
  status: 'open',
  qty: '-0.0010',
  leverage: '15',
  margin_mode: 'cross',
  margin_asset: 'DUSD',
  entry_price: '121900.25',
  entry_value: '121.90025',
  mark_price: '121880.1',
  position_value: '121.8801',
  initial_margin: '8.12668333',
  holding_margin: '8.12668333',
  maint_margin: '1.5235',
  mmr: '0.012500000000000000',
  bankruptcy_price: '130026.93',
  liq_price: '128500.12',
  realized_pnl: '0',
  upnl: '0.02015',
  time: '2025-08-11T03:36:00Z',
  created_at: '2025-08-11T03:35:25Z',
  updated_at: '2025-08-11T03:36:00Z',
};

export const sampleBalance = {
  isolated_balance: '0',
  isolated_upnl: '0',
  cross_balance: '1000',
  cross_margin: '8.12668333',
  cross_upnl: '0.02015',
  locked: '0',
  cross_available: '991.89346667',
  balance: '1000',
  upnl: '0.02015',
  equity: '1000.02015',
  pnl_freeze: '0',
};

export const sampleMarketOverview = {
  summary: { open_interest_notional: '15234567.5', symbol_count: 4, volume_quote_24h: '98765432.1' },
  symbols: [
    {
      base: 'BTC',
      quote: 'USD',
      symbol: 'BTC-USD',
      last_price: '121900.25',
      mark_price: '121880.1',
      funding_rate: '0.0000125',
      open_interest: '12.5',
      open_interest_notional: '1523501.25',
      price_change_pct: -1.23,
      volume_24h: '800.5',
      volume_quote_24h: '97580000.1',
      time: '2025-08-11T03:36:00Z',
    },
  ],
};

export const sampleSymbolInfo = {
  symbol: 'BTC-USD',
  base_asset: 'BTC',
  quote_asset: 'DUSD',
  base_decimals: 9,
  quote_decimals: 9,
  price_tick_decimals: 2,
  qty_tick_decimals: 4,
  depth_ticks: '0.01,0.1,1,10,100',
  enabled: true,
  def_leverage: '10',
  max_leverage: '40',
  max_open_orders: '100',
  max_order_qty: '100',
  min_order_qty: '0.0001',
  max_position_size: '1000',
  price_cap_ratio: '0.05',
  price_floor_ratio: '0.05',
  maker_fee: '0.0001',
  taker_fee: '0.0004',
  created_at: '2025-08-11T07:59:13.526431Z',
  updated_at: '2025-08-11T07:59:13.526431Z',
};

export const sampleSymbolMarket = {
  base: 'BTC',
  quote: 'DUSD',
  symbol: 'BTC-USD',
  funding_rate: '0.0000125',
  high_price_24h: '123000',
  low_price_24h: '119000.5',
  index_price: '121870',
  last_price: '121900.25',
  mark_price: '121880.1',
  mid_price: '121890',
  open_interest: '12.5',
  volume_24h: '800.5',
  next_funding_time: '2025-08-11T04:00:00Z',
  time: '2025-08-11T03:36:00Z',
  spread: ['121885', '121895'],
};

export const sampleSymbolPrice = {
  base: 'BTC',
  quote: 'DUSD',
  symbol: 'BTC-USD',
  index_price: '121870',
  mark_price: '121880.1',
  last_price: null,
  mid_price: null,
  spread_ask: null,
  spread_bid: null,
  time: '2025-08-11T03:36:00Z',
};

export const sampleDepthBook = {
  symbol: 'BTC-USD',
  asks: [
    ['121895', '0.5'],
    ['121890', '0.25'],
  ],
  bids: [
    ['121880', '1.2'],
    ['121885', '0.1'],
  ],
};

export const sampleRecentTrades = [
  { is_buyer_taker: true, price: '121900.25', qty: '0.01', quote_qty: '1219.0025', symbol: 'BTC-USD', time: '2025-08-11T03:36:00Z' },
];

export const sampleFundingRates = [
  {
    id: 1,
    symbol: 'BTC-USD',
    funding_rate: '0.0000125',
    index_price: '121870',
    mark_price: '121880.1',
    premium: '0.0000829',
    time: '2025-08-11T03:00:00Z',
    created_at: '2025-08-11T03:00:00Z',
    updated_at: '2025-08-11T03:00:00Z',
  },
];

export const sampleKlines = { s: 'ok', t: [1754881200, 1754881260], o: [1, 2], h: [2, 3], l: [0.5, 1.5], c: [2, 2.5], v: [10, 12.5] };

export const sampleWithdraw = {
  tx: {
    id: 'wd_1',
    nonce: 1,
    tx_type: 'withdraw_req',
    status: 'Pending',
    from_addr: 'bsc_0x25dcd50de2e3a0b2e1dcb6e1dbda5ee1e7d5f0b8',
    to_addr: 'bsc_0x25dcd50de2e3a0b2e1dcb6e1dbda5ee1e7d5f0b8',
    from_account_type: 'spot',
    to_account_type: 'spot',
    token: 'DUSD',
    token_addr: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    token_amount: '10',
    src_chain: 'bsc',
    dst_chain: 'bsc',
    src_tx: '',
    dst_tx: '',
    src_block: '0',
    dst_block: '0',
    created_at: '2025-08-11T03:36:00.123456789Z',
    updated_at: '2025-08-11T03:36:00.123456789Z',
  },
  withdraw_fee: '0.5',
  signature: {
    expired_at: 1754882160,
    chain_id: 56,
    caller: '0x25dcd50de2e3a0b2e1dcb6e1dbda5ee1e7d5f0b8',
    contract_address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    signature: '0xabcdef',
  },
};

/**
 * A withdraw authorization like sampleWithdraw, on the devnet's chain (31337) for `caller`, with what
 * a test needs to vary: the amount, the fee, when the signature expires, which contract it names.
 */
export function withdrawAuthorization(o: { caller: string; contract: string; amount: string; fee: string; expiredAt: number; at?: string }): WithdrawResponse {
  const at = o.at ?? new Date().toISOString();
  return {
    tx: {
      ...sampleWithdraw.tx,
      id: 'w-1',
      tx_type: 'withdraw',
      from_addr: o.caller,
      to_addr: o.caller,
      to_account_type: 'external',
      token_addr: '0x3333333333333333333333333333333333333333',
      token_amount: o.amount,
      src_block: '',
      dst_block: '',
      created_at: at,
      updated_at: at,
    },
    withdraw_fee: o.fee,
    signature: { expired_at: o.expiredAt, chain_id: 31337, caller: o.caller, contract_address: o.contract, signature: `0x${'ab'.repeat(65)}` },
  };
}

export const sampleRegion = { systemTime: 1754881200123, region: 'SG' };
