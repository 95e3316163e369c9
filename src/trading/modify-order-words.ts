import { dec } from '../lib/decimal';
import { show } from '../lib/display';
import type { ToastKind } from '../stores/toasts';
import type { ModifyPhase, ModifyRequest, ModifyResult, ModifyState } from './modify-order-machine';

/** The symbol's places, for every number the words show. */
export interface ModifyDecimals {
  price: number;
  qty: number;
}

/** What a row shows while its replace is under way. */
export function modifyPhaseLabel(phase: ModifyPhase): string {
  if (phase === 'canceling') return 'Replacing: canceling…';
  if (phase === 'checking') return 'Replacing: checking the cancel…';
  if (phase === 'placing') return 'Replacing: placing…';
  if (phase === 'finding') return 'Replacing: checking the new order…';
  return 'Replacing…';
}

const STEP: Record<ModifyPhase, string> = {
  canceling: 'Canceling the order; the new one goes once the cancel is confirmed.',
  checking: 'Checking the cancel and what filled; the new one goes once the cancel is confirmed.',
  placing: 'The order is canceled; placing the new one.',
  finding: 'The order is canceled; the new one got no answer yet, checking whether it was placed.',
  over: '',
};

/** "Buy 0.300 BTC-USD @ 95,000.0 → 94,800.0". */
export function describeMove(r: Pick<ModifyRequest, 'order' | 'price' | 'qty'>, d: ModifyDecimals): string {
  const o = r.order;
  const side = o.side === 'buy' ? 'Buy' : 'Sell';
  const resting = dec(o.qty).minus(o.fill_qty);
  const size = resting.eq(r.qty) ? show(r.qty, d.qty) : `${show(resting, d.qty)} → ${show(r.qty, d.qty)}`;
  const price = dec(o.price).eq(r.price) ? show(r.price, d.price) : `${show(o.price, d.price)} → ${show(r.price, d.price)}`;
  return `${side} ${size} ${o.symbol} @ ${price}`;
}

/** The trader's values can go out again as a new order: the original is canceled and nothing replaced it. */
export function canPlaceAgain(result: ModifyResult | null): boolean {
  return result?.kind === 'not-placed' || (result?.kind === 'unknown' && result.what === 'fills');
}

export interface ModifyWords {
  kind: ToastKind;
  title: string;
  body: string;
}

/** How each way a modify ends is told: which order stands where, and what the trader can do. */
export function describeModify(s: ModifyState, d: ModifyDecimals): ModifyWords {
  const what = describeMove(s.request, d);
  const o = s.request.order;
  const original = `${o.side === 'buy' ? 'Buy' : 'Sell'} ${show(dec(o.qty).minus(o.fill_qty), d.qty)} ${o.symbol} @ ${show(o.price, d.price)}`;
  const r = s.result;
  if (!r) return { kind: 'info', title: `Modifying: ${what}`, body: STEP[s.phase] };
  const meanwhile = (f: string) => `${show(f, d.qty)} filled while you edited`;
  switch (r.kind) {
    case 'moved': {
      const notes = [
        dec(r.filledMeanwhile).gt(0) ? `${meanwhile(r.filledMeanwhile)}, so the new order is for ${show(r.qty, d.qty)}.` : '',
        r.status === 'filled' ? 'It filled at once.' : '',
      ].filter(Boolean);
      return { kind: 'success', title: `Order modified: ${what}`, body: notes.join(' ') || 'The old order is canceled; the new one is on the book.' };
    }
    case 'unchanged':
      if (r.why === 'filled') return { kind: 'info', title: `Already filled — nothing changed: ${original}`, body: 'The order filled before the cancel reached it; no new order was placed.' };
      if (r.why === 'canceled') return { kind: 'info', title: `Already canceled — nothing changed: ${original}`, body: 'The order was no longer open; no new order was placed.' };
      if (r.why === 'refused') return { kind: 'error', title: `Cancel refused — nothing changed: ${original}`, body: `${r.message ?? 'Refused'}. The order stays as it was.` };
      return { kind: 'warn', title: `Nothing changed: ${original}`, body: `The cancel got no answer (${r.message ?? 'no answer'}) and the order is still open as it was; no new order was placed.` };
    case 'nothing-left':
      return {
        kind: 'info',
        title: `Canceled, nothing left to place: ${what}`,
        body: dec(r.left).gt(0)
          ? `${meanwhile(r.filledMeanwhile)}; the ${show(r.left, d.qty)} left is below the minimum size, so no new order was placed.`
          : `${meanwhile(r.filledMeanwhile)}, which covers the new size: no new order was placed.`,
      };
    case 'not-placed':
      return { kind: 'error', title: `Original canceled, new order refused: ${what}`, body: `${r.message}. The original order is canceled and the new one was not placed; your values are kept — place it again.` };
    case 'unknown':
      if (r.what === 'cancel') return { kind: 'warn', title: `The cancel may or may not have gone through: ${original}`, body: `No answer (${r.message}). No new order was placed; check Open orders.` };
      if (r.what === 'fills') return { kind: 'warn', title: `Canceled, new order not placed: ${what}`, body: `The original is canceled but its last fills could not be read (${r.message}), so the size to place is not known. Check its fills, then place it again.` };
      return { kind: 'warn', title: `The new order may or may not have been placed: ${what}`, body: `The original is canceled; the new order got no answer (${r.message}). Check Open orders before placing it again.` };
  }
}
