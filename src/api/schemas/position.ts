import { z } from 'zod';
import { decimalString, int, isoTime, marginMode } from './primitives';

/** Spec §2.4 Position config. */
export const positionConfig = z.object({
  symbol: z.string(),
  leverage: int,
  margin_mode: marginMode,
});
export type PositionConfig = z.infer<typeof positionConfig>;

/** Spec §2.5 Position; `qty` is signed (negative = short). */
export const position = z.object({
  id: int,
  user: z.string(),
  symbol: z.string(),
  status: z.string(),
  qty: decimalString,
  leverage: decimalString,
  margin_mode: marginMode,
  margin_asset: z.string(),
  entry_price: decimalString,
  entry_value: decimalString,
  mark_price: decimalString,
  position_value: decimalString,
  initial_margin: decimalString,
  holding_margin: decimalString,
  maint_margin: decimalString,
  mmr: decimalString,
  bankruptcy_price: decimalString,
  liq_price: decimalString,
  realized_pnl: decimalString,
  upnl: decimalString,
  /**
   * Beyond the spec (decisions.md "Errors" → Leniency): the margin the position requires now,
   * |qty| × mark / leverage. The public service may omit it, so it is never required.
   */
  required_margin: decimalString.optional(),
  time: isoTime,
  created_at: isoTime,
  updated_at: isoTime,
});
export type Position = z.infer<typeof position>;
