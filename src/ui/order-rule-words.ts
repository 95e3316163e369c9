import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { EditProblem } from '../lib/order-edit-checks';
import type { AmountKind, OrderRuleProblem } from '../lib/order-rules';
import { typedDecimalWords } from './typed-decimal-words';

// The words of the order-entry rules (lib/order-rules.ts), shared by the order form and the modify
// editors: the same mistake reads the same in both. Each amount kind has its own whole sentences.

const EMPTY: Record<AmountKind, MessageDescriptor> = {
  price: msg`Enter a price`,
  size: msg`Enter a size`,
  'take-profit': msg`Enter a take-profit price`,
  'stop-loss': msg`Enter a stop-loss price`,
};

const NEGATIVE: Record<AmountKind, MessageDescriptor> = {
  price: msg`Price must be positive`,
  size: msg`Size must be positive`,
  'take-profit': msg`Take-profit price must be positive`,
  'stop-loss': msg`Stop-loss price must be positive`,
};

const ZERO: Record<AmountKind, MessageDescriptor> = {
  price: msg`Price must be above 0`,
  size: msg`Size must be above 0`,
  'take-profit': msg`Take-profit price must be above 0`,
  'stop-loss': msg`Stop-loss price must be above 0`,
};

/** What is wrong with an order (or a modify), in the words shown next to the field. */
export function orderRuleWords(p: OrderRuleProblem | EditProblem): MessageDescriptor {
  switch (p.code) {
    case 'amount-empty':
      return EMPTY[p.what];
    case 'amount-negative':
      return NEGATIVE[p.what];
    case 'amount-unreadable':
      return typedDecimalWords(p.read);
    case 'amount-zero':
      return ZERO[p.what];
    case 'price-step': {
      const { step } = p;
      return msg`Price moves in steps of ${step}`;
    }
    case 'price-above-band': {
      const { bound, pct } = p;
      return msg`Price must be at most ${bound} (mark + ${pct}%)`;
    }
    case 'price-below-band': {
      const { bound, pct } = p;
      return msg`Price must be at least ${bound} (mark − ${pct}%)`;
    }
    case 'size-step': {
      const { step, base } = p;
      return msg`Size moves in steps of ${step} ${base}`;
    }
    case 'size-below-min': {
      const { min, base } = p;
      return msg`Minimum size is ${min} ${base}`;
    }
    case 'size-above-max': {
      const { max, base } = p;
      return msg`Maximum size per order is ${max} ${base}`;
    }
    case 'position-above-max': {
      const { after, max, base } = p;
      return msg`Position would be ${after} ${base}, above the maximum of ${max} ${base}`;
    }
    case 'reduce-only-no-position': {
      const { symbol } = p;
      return msg`Reduce-only needs a position in ${symbol}`;
    }
    case 'reduce-only-wrong-side':
      return p.reducing === 'sell' ? msg`Reduce-only must sell to reduce your long` : msg`Reduce-only must buy to reduce your short`;
    case 'reduce-only-above-headroom': {
      const { headroom, position, pending, base } = p;
      return msg`Reduce-only size can be at most ${headroom} ${base}: position ${position} minus ${pending} in other reduce-only orders`;
    }
    case 'reduce-only-above-position': {
      const { headroom, base } = p;
      return msg`Reduce-only size can be at most the position, ${headroom} ${base}`;
    }
    case 'margin-short': {
      const { needed, available } = p;
      return msg`Needs ${needed} margin + fee; ${available} available`;
    }
    case 'rules-not-loaded':
      return msg`Market rules not loaded yet`;
  }
}

/**
 * A field left empty ("Enter a price"): the forms say so only once the trader tries to send, so a
 * fresh form is not red all over. Anything typed that is not a number ("abc", "0.05 BTC", "+5") is
 * said at once, beside the field, while the trader is still there.
 */
export function asksToType(p: OrderRuleProblem | EditProblem): boolean {
  if (p.code === 'amount-empty') return true;
  return p.code === 'amount-unreadable' && p.read.problem === 'empty';
}
