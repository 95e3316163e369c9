import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { floorTo, type Dec } from '../../lib/decimal';
import { readAmount } from './read-amount';

/** The limit close's size, typed as an amount or as a share of the position. */
export type SizeBy = { by: 'qty' | 'pct'; text: string };
export const SHARES = ['25', '50', '75', '100'] as const;

export interface CloseSize {
  /** The size to send, or null when there is none or it is wrong. */
  qty: Dec | null;
  /** What the two linked fields show: the typed one as typed, the other computed. */
  pct: string;
  shownQty: string;
  /** Why it cannot be sent (the view renders it with `i18n._`). */
  error: MessageDescriptor | null;
  /** The share asked for was more than the headroom, so the size stops there. */
  capped: boolean;
}

/**
 * The size a limit close sends: typed, or |position| × % / 100 floored to the qty tick and capped at
 * the headroom (a typed size over it is refused instead — an input never rewrites what was typed).
 */
export function readCloseSize(size: SizeBy, a: { position: Dec; headroom: Dec; decimals: number }): CloseSize {
  if (size.by === 'qty') {
    const r = readAmount(size.text, a.decimals, 'size');
    if ('error' in r) return { qty: null, pct: '', shownQty: size.text, error: size.text === '' ? null : r.error, capped: false };
    const pct = r.value.div(a.position).mul(100).toDecimalPlaces(2).toFixed();
    if (r.value.gt(a.headroom)) {
      const max = a.headroom.toFixed();
      return { qty: null, pct, shownQty: size.text, error: msg`At most ${max}`, capped: false };
    }
    return { qty: r.value, pct, shownQty: size.text, error: null, capped: false };
  }
  if (a.headroom.lte(0)) return { qty: null, pct: size.text, shownQty: '', error: msg`Other reduce-only orders already close the whole position`, capped: false };
  const r = readAmount(size.text, 2, 'share');
  if ('error' in r) return { qty: null, pct: size.text, shownQty: '', error: size.text === '' ? null : r.error, capped: false };
  if (r.value.gt(100)) return { qty: null, pct: size.text, shownQty: '', error: msg`At most 100 %`, capped: false };
  const share = floorTo(a.position.mul(r.value).div(100), a.decimals);
  const qty = share.gt(a.headroom) ? a.headroom : share;
  if (qty.lte(0)) return { qty: null, pct: size.text, shownQty: qty.toFixed(), error: msg`Less than one size tick`, capped: false };
  return { qty, pct: size.text, shownQty: qty.toFixed(), error: null, capped: share.gt(a.headroom) };
}

