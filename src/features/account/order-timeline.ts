import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Order, Trade } from '../../api/schemas';
import { dec } from '../../lib/decimal';
import { isLiveStatus } from '../../lib/order-status';
import { isFiredClose } from '../../lib/position-tpsl';
import { SET, statusLabel } from './order-labels';

export interface TimelineStep {
  /** When it happened; null when the exchange does not say (the moment a TP/SL fired). */
  time: string | null;
  kind: 'created' | 'triggered' | 'fill' | 'final' | 'now';
  /** The status word of the step (Created, Fill, Filled, Canceled…). */
  label: MessageDescriptor;
  /** The order's status on a final step (its colour). */
  status?: Order['status'];
  /** The fill of a 'fill' step. */
  fill?: Trade;
  /** The exchange's remark on a final step (why it was canceled or rejected). */
  remark?: string;
}

/**
 * An order's life in time order: created, each of its fills (oldest first), then its final status
 * with the exchange's remark — or, while it lives, where it stands now. A take profit or stop loss
 * is "Set"; once it has fired (it works, or it filled some) a "Triggered" step comes before its
 * fills, without a time (the order does not say when), and while the protection band holds back
 * the rest it is "Waiting for a price within the protection band".
 */
export function orderTimeline(o: Order, fills: readonly Trade[]): TimelineStep[] {
  const tpsl = o.source === 'tp' || o.source === 'sl';
  const steps: TimelineStep[] = [{ time: o.created_at, kind: 'created', label: tpsl ? SET : msg`Created` }];
  const fired = isFiredClose(o);
  if (tpsl && (fired || !dec(o.fill_qty).isZero())) steps.push({ time: null, kind: 'triggered', label: msg`Triggered` });
  const byTime = [...fills].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id);
  for (const f of byTime) steps.push({ time: f.created_at, kind: 'fill', label: msg`Fill`, fill: f });
  const live = isLiveStatus(o.status);
  if (fired) {
    // Said by the step itself: the exchange's remark would repeat it.
    steps.push({ time: o.updated_at, kind: 'now', label: o.status === 'open' ? msg`Waiting for a price within the protection band` : msg`Closing` });
    return steps;
  }
  steps.push({
    time: o.updated_at,
    kind: live ? 'now' : 'final',
    label: statusLabel(o),
    status: o.status,
    ...(o.remark ? { remark: o.remark } : {}),
  });
  return steps;
}
