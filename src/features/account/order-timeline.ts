import type { Order, Trade } from '../../api/schemas';
import { statusLabel } from './order-labels';

export interface TimelineStep {
  time: string;
  kind: 'created' | 'fill' | 'final' | 'now';
  /** The status word of the step (Created, Fill, Filled, Canceled…). */
  label: string;
  /** The fill of a 'fill' step. */
  fill?: Trade;
  /** The exchange's remark on a final step (why it was canceled or rejected). */
  remark?: string;
}

const LIVE: readonly Order['status'][] = ['new', 'open', 'untriggered'];

/**
 * An order's life in time order: created, each of its fills (oldest first), then its final status
 * with the exchange's remark — or, while it lives, where it stands now.
 */
export function orderTimeline(o: Order, fills: readonly Trade[]): TimelineStep[] {
  const steps: TimelineStep[] = [{ time: o.created_at, kind: 'created', label: 'Created' }];
  const byTime = [...fills].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id);
  for (const f of byTime) steps.push({ time: f.created_at, kind: 'fill', label: 'Fill', fill: f });
  const live = LIVE.includes(o.status);
  steps.push({
    time: o.updated_at,
    kind: live ? 'now' : 'final',
    label: statusLabel(o),
    ...(o.remark ? { remark: o.remark } : {}),
  });
  return steps;
}
