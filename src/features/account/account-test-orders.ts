// Orders and a position the account tables' component tests share.
import type { Order, Position } from '../../api/schemas';

/** A stop-loss child on BTC-USD (untriggered, 1 BTC, trigger 94,000) with what the test changes. */
export function slChild(o: Partial<Order> & Pick<Order, 'id'>): Order {
  return {
    cl_ord_id: `c${o.id}`, user: 'u', symbol: 'BTC-USD', side: 'sell', order_type: 'market', time_in_force: 'ioc', price: '94000', qty: '1', fill_qty: '0',
    fill_avg_price: '0', reduce_only: true, leverage: '10', margin: '0', avail_locked: '0', status: 'untriggered', position_id: 1, liq_id: 0, created_block: 0,
    closed_block: -1, source: 'sl', remark: '', payload: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:05:00Z', ...o,
  };
}

/** A long of 0.7 BTC-USD (entry 96,000, mark 93,900), cross 10×. */
export const longPosition = {
  id: 1, symbol: 'BTC-USD', qty: '0.7', entry_price: '96000', mark_price: '93900', liq_price: '0', initial_margin: '6720', holding_margin: '6720',
  margin_mode: 'cross', leverage: '10', realized_pnl: '-630',
} as Position;
