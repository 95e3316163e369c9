import { z } from 'zod';
import { decimalString } from './primitives';

/** Spec §2.6 Balance (query_balance). */
export const balance = z.object({
  isolated_balance: decimalString,
  isolated_upnl: decimalString,
  cross_balance: decimalString,
  cross_margin: decimalString,
  cross_upnl: decimalString,
  locked: decimalString,
  cross_available: decimalString,
  balance: decimalString,
  upnl: decimalString,
  equity: decimalString,
  pnl_freeze: decimalString,
  /**
   * Beyond the spec (decisions.md "Errors" → Leniency): realized PnL of the last 24 h net of fees and
   * funding. The public service may omit it, so it is never required.
   */
  pnl_24h: decimalString.optional(),
});
export type Balance = z.infer<typeof balance>;
