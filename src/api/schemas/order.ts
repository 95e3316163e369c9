import { z } from 'zod';
import { decimalString, int, isoTime, orderStatus, orderType, side, timeInForce } from './primitives';

/** Spec §2.1 Order. */
export const order = z.object({
  id: int,
  cl_ord_id: z.string(),
  user: z.string(),
  symbol: z.string(),
  side,
  order_type: orderType,
  time_in_force: timeInForce,
  price: decimalString,
  qty: decimalString,
  fill_qty: decimalString,
  fill_avg_price: decimalString,
  reduce_only: z.boolean(),
  leverage: decimalString,
  margin: decimalString,
  avail_locked: decimalString,
  status: orderStatus,
  position_id: int,
  liq_id: int,
  created_block: int,
  closed_block: int,
  source: z.string(),
  remark: z.string(),
  payload: z.unknown().nullable(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type Order = z.infer<typeof order>;
