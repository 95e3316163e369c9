import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { ScaleDistribution } from '../../lib/scale-plan';
import type { ScaleChildState } from '../../stores/scale-batches';
import { orderRuleWords } from '../../ui/order-rule-words';
import type { ScaleError } from './scale-model';

// The scale form's words: its problems (scale-model.ts codes), its distributions and where each child
// of a sent batch stands. The order rules it shares with the order form read as they do there.

/** What is wrong, in the words shown next to the field. */
export function scaleErrorWords(e: ScaleError): MessageDescriptor {
  switch (e.code) {
    case 'count-empty':
      return msg`Enter how many orders`;
    case 'count-not-whole':
      return msg`The number of orders must be a whole number`;
    case 'count-below-2':
      return msg`A scale needs at least 2 orders`;
    case 'count-above-headroom': {
      const { max, open, limit } = e;
      return msg`${plural(max, { one: 'At most # more order', other: 'At most # more orders' })}: you have ${open} open in this market, the limit is ${limit}`;
    }
    case 'prices-collide': {
      const { maxCount } = e;
      return msg`Only ${maxCount} different prices fit between From and To: lower the number of orders or widen the range`;
    }
    case 'child-below-min': {
      const { qty, min, base } = e;
      const n = e.index + 1;
      return msg`Order ${n} would be ${qty} ${base}, below the minimum of ${min} ${base}: raise the total or lower the number of orders`;
    }
    case 'child-above-max': {
      const { qty, max, base } = e;
      const n = e.index + 1;
      return msg`Order ${n} would be ${qty} ${base}, above the maximum of ${max} ${base} per order: lower the total or raise the number of orders`;
    }
    case 'leverage-invalid':
      return msg`Set a valid leverage first`;
    case 'amount-empty':
      if (e.field === 'from') return msg`Enter the first price`;
      if (e.field === 'to') return msg`Enter the last price`;
      if (e.field === 'total') return msg`Enter the total size`;
      return orderRuleWords(e);
    default:
      return orderRuleWords(e);
  }
}

export const DISTRIBUTIONS: { value: ScaleDistribution; label: MessageDescriptor; title: MessageDescriptor }[] = [
  { value: 'even', label: msg`Even`, title: msg`Every order the same size` },
  { value: 'increasing', label: msg`Increasing`, title: msg`Sizes grow from the From price to the To price (1, 2, … n)` },
  { value: 'decreasing', label: msg`Decreasing`, title: msg`Sizes shrink from the From price to the To price (n, … 2, 1)` },
];

/** Where a sent child stands; `resting`: it is in Open orders now. */
export function childStateWords(s: ScaleChildState, resting: boolean): MessageDescriptor {
  switch (s.kind) {
    case 'waiting':
      return msg`Waiting`;
    case 'sending':
      return msg`Sending…`;
    case 'placed':
      return resting ? msg`Resting` : msg`Placed`;
    case 'refused':
      return msg`Refused`;
    case 'unknown':
      return s.checking ? msg`No answer, checking…` : msg`Unknown`;
    case 'missing':
      return msg`Never arrived`;
    case 'not-sent':
      return msg`Not sent`;
  }
}
