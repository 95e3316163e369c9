import type { SymbolInfo } from '../../api/schemas';

export const btcInfo: SymbolInfo = {
  symbol: 'BTC-USD',
  base_asset: 'BTC',
  quote_asset: 'DUSD',
  base_decimals: 3,
  quote_decimals: 1,
  price_tick_decimals: 1,
  qty_tick_decimals: 3,
  depth_ticks: '0.1,1,10,100',
  enabled: true,
  def_leverage: '10',
  max_leverage: '40',
  max_open_orders: '200',
  max_order_qty: '100',
  min_order_qty: '0.001',
  max_position_size: '200',
  price_cap_ratio: '0.05',
  price_floor_ratio: '0.05',
  maker_fee: '0.0001',
  taker_fee: '0.0004',
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};

export const ethInfo: SymbolInfo = { ...btcInfo, symbol: 'ETH-USD', base_asset: 'ETH', price_tick_decimals: 2, min_order_qty: '0.01', max_leverage: '25' };
