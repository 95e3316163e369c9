import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { show } from '../lib/display';
import type { FiredClose } from '../lib/position-tpsl';

/** What the band does while a fired close waits, in the trader's words. */
export const WAITING_FOR_BAND: MessageDescriptor = msg`waiting for a price within the protection band`;

/**
 * A fired close (lib/position-tpsl.ts firedCloses) in words, at the symbol's qty places:
 * "SL triggered · closed 0.300 of 1.000", "TP triggered · closing 1.000" before its first fill,
 * "SL triggered · closing the whole position" while the service has not yet sized a whole-position child.
 */
export function firedCloseWords(f: Pick<FiredClose<unknown>, 'kind' | 'qty' | 'filled'>, qtyDecimals: number): MessageDescriptor {
  const tp = f.kind === 'tp';
  if (f.qty === null) return tp ? msg`TP triggered · closing the whole position` : msg`SL triggered · closing the whole position`;
  const qty = show(f.qty, qtyDecimals);
  if (f.filled.isZero()) return tp ? msg`TP triggered · closing ${qty}` : msg`SL triggered · closing ${qty}`;
  const filled = show(f.filled, qtyDecimals);
  return tp ? msg`TP triggered · closed ${filled} of ${qty}` : msg`SL triggered · closed ${filled} of ${qty}`;
}
