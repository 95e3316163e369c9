import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { dec } from '../lib/decimal';
import { show } from '../lib/display';
import type { ToastKind } from '../stores/toasts';
import type { ModifyFinding, ModifyPhase, ModifyReason, ModifyRequest, ModifyResult, ModifyState } from './modify-order-machine';

// The words of a modify, chosen when they are asked for (a state reported, a row or a notice drawn),
// in the language of that moment: `t` and `i18n` here are Lingui's global ones.

/** The symbol's places, for every number the words show. */
export interface ModifyDecimals {
  price: number;
  qty: number;
}

/** What a row shows while its replace is under way. */
export function modifyPhaseLabel(phase: ModifyPhase): string {
  if (phase === 'canceling') return t`Replacing: canceling…`;
  if (phase === 'checking') return t`Replacing: checking the cancel…`;
  if (phase === 'placing') return t`Replacing: placing…`;
  if (phase === 'finding') return t`Replacing: checking the new order…`;
  return t`Replacing…`;
}

const STEP: Record<Exclude<ModifyPhase, 'over'>, MessageDescriptor> = {
  canceling: msg`Canceling the order; the new one goes once the cancel is confirmed.`,
  checking: msg`Checking the cancel and what filled; the new one goes once the cancel is confirmed.`,
  placing: msg`The order is canceled; placing the new one.`,
  finding: msg`The order is canceled; the new one got no answer yet, checking whether it was placed.`,
};

const FINDINGS: Record<ModifyFinding, MessageDescriptor> = {
  'no-such-order': msg`the exchange has no such order`,
  'still-reads-open': msg`accepted, yet the order still reads open`,
  'never-reached': msg`it never reached the exchange`,
  rejected: msg`rejected`,
};

/** A reason as the exchange gave it (verbatim), or the machine's own finding in words. */
function reasonText(r: ModifyReason): string {
  return typeof r === 'string' ? r : i18n._(FINDINGS[r.finding]);
}

/** "Buy 0.300 BTC-USD @ 95,000.0": the side, size, symbol and price of an order. */
function orderText(side: 'buy' | 'sell', size: string, symbol: string, price: string): string {
  return side === 'buy' ? t`Buy ${size} ${symbol} @ ${price}` : t`Sell ${size} ${symbol} @ ${price}`;
}

/** "Buy 0.300 BTC-USD @ 95,000.0 → 94,800.0". */
export function describeMove(r: Pick<ModifyRequest, 'order' | 'price' | 'qty'>, d: ModifyDecimals): string {
  const o = r.order;
  const resting = dec(o.qty).minus(o.fill_qty);
  const size = resting.eq(r.qty) ? show(r.qty, d.qty) : `${show(resting, d.qty)} → ${show(r.qty, d.qty)}`;
  const price = dec(o.price).eq(r.price) ? show(r.price, d.price) : `${show(o.price, d.price)} → ${show(r.price, d.price)}`;
  return orderText(o.side, size, o.symbol, price);
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

/** The words of a modify that ended with the replacement on the book (or filled at once). */
function movedBody(r: Extract<ModifyResult, { kind: 'moved' }>, d: ModifyDecimals): string {
  const filled = show(r.filledMeanwhile, d.qty);
  const qty = show(r.qty, d.qty);
  const meanwhile = dec(r.filledMeanwhile).gt(0);
  const atOnce = r.status === 'filled';
  if (meanwhile && atOnce) return t`${filled} filled while you edited, so the new order is for ${qty}. It filled at once.`;
  if (meanwhile) return t`${filled} filled while you edited, so the new order is for ${qty}.`;
  if (atOnce) return t`It filled at once.`;
  return t`The old order is canceled; the new one is on the book.`;
}

/** How each way a modify ends is told: which order stands where, and what the trader can do. */
export function describeModify(s: ModifyState, d: ModifyDecimals): ModifyWords {
  const what = describeMove(s.request, d);
  const o = s.request.order;
  const original = orderText(o.side, show(dec(o.qty).minus(o.fill_qty), d.qty), o.symbol, show(o.price, d.price));
  const r = s.result;
  if (!r) return { kind: 'info', title: t`Modifying: ${what}`, body: s.phase === 'over' ? '' : i18n._(STEP[s.phase]) };
  switch (r.kind) {
    case 'moved':
      return { kind: 'success', title: t`Order modified: ${what}`, body: movedBody(r, d) };
    case 'unchanged': {
      if (r.why === 'filled') return { kind: 'info', title: t`Already filled — nothing changed: ${original}`, body: t`The order filled before the cancel reached it; no new order was placed.` };
      if (r.why === 'canceled') return { kind: 'info', title: t`Already canceled — nothing changed: ${original}`, body: t`The order was no longer open; no new order was placed.` };
      const reason = r.message === undefined ? null : reasonText(r.message);
      if (r.why === 'refused') {
        return { kind: 'error', title: t`Cancel refused — nothing changed: ${original}`, body: reason === null ? t`Refused. The order stays as it was.` : t`${reason}. The order stays as it was.` };
      }
      return {
        kind: 'warn',
        title: t`Nothing changed: ${original}`,
        body:
          reason === null
            ? t`The cancel got no answer (no answer) and the order is still open as it was; no new order was placed.`
            : t`The cancel got no answer (${reason}) and the order is still open as it was; no new order was placed.`,
      };
    }
    case 'nothing-left': {
      const filled = show(r.filledMeanwhile, d.qty);
      const left = show(r.left, d.qty);
      return {
        kind: 'info',
        title: t`Canceled, nothing left to place: ${what}`,
        body: dec(r.left).gt(0)
          ? t`${filled} filled while you edited; the ${left} left is below the minimum size, so no new order was placed.`
          : t`${filled} filled while you edited, which covers the new size: no new order was placed.`,
      };
    }
    case 'not-placed': {
      const reason = reasonText(r.message);
      return { kind: 'error', title: t`Original canceled, new order refused: ${what}`, body: t`${reason}. The original order is canceled and the new one was not placed; your values are kept — place it again.` };
    }
    case 'unknown': {
      const reason = reasonText(r.message);
      if (r.what === 'cancel') {
        const read = r.read === undefined ? null : reasonText(r.read);
        return {
          kind: 'warn',
          title: t`The cancel may or may not have gone through: ${original}`,
          body: read === null ? t`No answer (${reason}). No new order was placed; check Open orders.` : t`No answer (${reason}; ${read}). No new order was placed; check Open orders.`,
        };
      }
      if (r.what === 'fills') {
        return {
          kind: 'warn',
          title: t`Canceled, new order not placed: ${what}`,
          body: t`The original is canceled but its last fills could not be read (${reason}), so the size to place is not known. Check its fills, then place it again.`,
        };
      }
      return {
        kind: 'warn',
        title: t`The new order may or may not have been placed: ${what}`,
        body: t`The original is canceled; the new order got no answer (${reason}). Check Open orders before placing it again.`,
      };
    }
  }
}
