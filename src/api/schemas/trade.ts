import { z } from 'zod';
import { decimalString, int, isoTime, side } from './primitives';

/** Spec §2.2 Trade (the account's own fills). */
export const trade = z.object({
  id: int,
  order_id: int,
  user: z.string(),
  symbol: z.string(),
  side,
  price: decimalString,
  qty: decimalString,
  value: decimalString,
  fee_asset: z.string(),
  fee_qty: decimalString,
  pnl: decimalString,
  created_at: isoTime,
  updated_at: isoTime,
});
export type Trade = z.infer<typeof trade>;
