// Close all: every position closed at market (market-close.ts), one after the other, and one toast
// that sums up which closed and which did not (the model for per-item outcome reporting).
import { plural, t } from '@lingui/core/macro';
import type { ApiClient } from '../api/client';
import type { Order, Position } from '../api/schemas';
import type { SymbolPlaces } from '../lib/notices';
import { toast } from '../stores/toasts';
import { marketClose, type CloseResult, type CloseSplit } from './market-close';
import type { OutcomeSource } from './order-outcome';

/**
 * Every position closed at market, one after the other (each with the market close above), and one
 * toast that sums up which closed and which did not.
 */
export async function closeAllPositions(
  api: ApiClient,
  stream: OutcomeSource | null,
  a: {
    positions: readonly Pick<Position, 'symbol' | 'qty'>[];
    orders: readonly Order[];
    placesFor?: ((symbol: string) => SymbolPlaces) | undefined;
    /** Each symbol's max_order_qty and qty tick, to split a close larger than one order may be. */
    splitFor?: ((symbol: string) => CloseSplit | undefined) | undefined;
    recheck?: (() => void) | undefined;
    paceMs?: number | undefined;
  },
): Promise<CloseResult[]> {
  const results: CloseResult[] = [];
  for (const position of a.positions) {
    const { symbol } = position;
    results.push(await marketClose(api, stream, { position, orders: a.orders, places: a.placesFor?.(symbol), split: a.splitFor?.(symbol), recheck: a.recheck, paceMs: a.paceMs }));
  }
  const closed = results.filter((r) => r.kind === 'closed').length;
  const others = results.filter((r) => r.kind !== 'closed');
  const total = results.length;
  if (others.length === 0) toast({ kind: 'success', key: 'close-all', title: t`Close placed for all ${plural(closed, { one: '# position', other: '# positions' })}` });
  else {
    const line = ({ symbol, kind, detail = '' }: CloseResult) =>
      kind === 'refused' ? t`${symbol}: refused — ${detail}` : kind === 'partial' ? t`${symbol}: partly closed — ${detail}` : t`${symbol}: outcome unknown — ${detail}`;
    toast({
      kind: others.some((r) => r.kind === 'refused' || r.kind === 'partial') ? 'error' : 'warn',
      key: 'close-all',
      title: t`Closed ${closed} of ${total} positions`,
      body: others.map(line).join('\n'),
    });
  }
  return results;
}
