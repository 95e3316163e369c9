import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { typedDecimalWords } from '../../ui/typed-decimal-words';
import { dec, type Dec } from '../../lib/decimal';
import { formatFixed } from '../../lib/format';
import { parseTypedDecimal } from '../../lib/parse-decimal-input';
import { pnlAtTrigger, roeAtTrigger, triggerFromPnl, triggerFromRoe, triggerOnTick, triggerSide, type TriggerKind } from '../../lib/position-tpsl';

/** USD amounts (PnL) are shown to the cent, as the positions table shows them. */
export const USD_PLACES = 2;
/** ROE is typed and shown in percent with two places. */
const PCT_PLACES = 2;

/** One of the three linked ways to say where a TP or SL sits: the field the trader typed in. */
export type LegSource = 'price' | 'roe' | 'pnl';
export interface Leg {
  by: LegSource;
  text: string;
}
export const EMPTY_LEG: Leg = { by: 'price', text: '' };

export interface LegContext {
  kind: TriggerKind;
  /** Signed position size (negative = short). */
  qty: Dec;
  entry: Dec;
  /** The position's initial margin: ROE = PnL / margin. */
  margin: Dec;
  mark: Dec;
  priceDecimals: number;
}

export interface ReadLeg {
  /** The trigger price to send (on the tick), or null when the leg is empty or wrong. */
  trigger: Dec | null;
  /** Why it cannot be sent, next to the field the trader typed in (the view renders it with `i18n._`). */
  error: MessageDescriptor | null;
  /** What each of the three fields shows: the typed text in its own field, the others computed. */
  shown: Record<LegSource, string>;
  /** Expected PnL when the position closes at the trigger. */
  pnl: Dec | null;
  roe: Dec | null;
}

/** A trigger on the wrong side of the mark, by leg and by the position's side. */
function wrongSideWords(kind: TriggerKind, long: boolean, mark: string): MessageDescriptor {
  if (kind === 'tp') return long ? msg`A long's take profit must be above the mark ${mark}` : msg`A short's take profit must be below the mark ${mark}`;
  return long ? msg`A long's stop loss must be below the mark ${mark}` : msg`A short's stop loss must be above the mark ${mark}`;
}

/** A typed price finer than the price tick: the tick, and how many decimals it allows. */
function priceTickWords(places: number): MessageDescriptor {
  const tick = formatFixed(dec(1).div(dec(10).pow(places)), places);
  return places === 0
    ? msg`The price tick is ${tick}: whole numbers only`
    : msg`The price tick is ${tick}: ${plural(places, { one: 'at most # decimal', other: 'at most # decimals' })}`;
}

/**
 * Reads one TP or SL leg: the trigger from whichever field was typed (a price; an ROE %; a PnL
 * amount — for a stop, a loss % and a loss amount, typed without a sign), the other two computed
 * for display, and what is wrong with it. A computed trigger lands on the tick toward the entry.
 */
export function readLeg(leg: Leg, c: LegContext): ReadLeg {
  const blank: ReadLeg = { trigger: null, error: null, shown: { price: '', roe: '', pnl: '' }, pnl: null, roe: null };
  const typed = { ...blank, shown: { ...blank.shown, [leg.by]: leg.text } };
  if (leg.text.trim() === '') return typed;
  const places = leg.by === 'price' ? c.priceDecimals : leg.by === 'roe' ? PCT_PLACES : USD_PLACES;
  const read = parseTypedDecimal(leg.text, { maxDecimals: places });
  if (!read.ok) {
    const error = read.reason === 'too-many-decimals' && leg.by === 'price' ? priceTickWords(places) : typedDecimalWords(read);
    return { ...typed, error };
  }
  // A stop's fields are a loss: typed as a positive amount, meaning a negative PnL.
  const sign = c.kind === 'sl' ? -1 : 1;
  let trigger: Dec;
  if (leg.by === 'price') {
    if (read.value.lte(0)) return { ...typed, error: msg`Enter a price above 0` };
    trigger = read.value;
  } else {
    const raw = leg.by === 'roe' ? triggerFromRoe(c.qty, c.entry, c.margin, read.value.div(100).mul(sign)) : triggerFromPnl(c.qty, c.entry, read.value.mul(sign));
    trigger = triggerOnTick(raw, c.entry, c.priceDecimals);
    if (trigger.lte(0)) return { ...typed, error: c.kind === 'sl' ? msg`That loss puts the trigger at or below 0` : msg`That amount puts the trigger at or below 0` };
  }
  const pnl = pnlAtTrigger(c.qty, c.entry, trigger);
  const roe = roeAtTrigger(c.qty, c.entry, c.margin, trigger);
  const shown: Record<LegSource, string> = {
    price: leg.by === 'price' ? leg.text : trigger.toFixed(c.priceDecimals),
    roe: leg.by === 'roe' ? leg.text : roe ? roe.mul(100 * sign).toFixed(PCT_PLACES) : '',
    pnl: leg.by === 'pnl' ? leg.text : pnl.mul(sign).toFixed(USD_PLACES),
  };
  const side = triggerSide(c.kind, c.qty.gt(0));
  const wrongSide = side === 'above' ? trigger.lte(c.mark) : trigger.gte(c.mark);
  const error = wrongSide ? wrongSideWords(c.kind, c.qty.gt(0), formatFixed(c.mark, c.priceDecimals)) : null;
  return { trigger: error ? null : trigger, error, shown, pnl, roe };
}
