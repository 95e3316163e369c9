import { floorTo, type Dec } from '../lib/decimal';
import { USD_DECIMALS } from '../lib/display';

/**
 * DUSD as the trader reads and types it: to the cent, like every USD amount (1 DUSD counts as 1 USD).
 * [ours] The public docs state no display precision (on-chain the token has 18 decimals); every
 * wallet amount is shown, typed and put into a field with these places, so a Max never fills in
 * more digits than can be typed.
 */
export const DUSD_DECIMALS = USD_DECIMALS;

/** What a Max may put into a field: the amount available rounded DOWN to DUSD's places (never above it). */
export function maxDusd(available: Dec): Dec {
  return floorTo(available, DUSD_DECIMALS);
}
