import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OrderRuleProblem } from '../../lib/order-rules';
import type { TwapNote, TwapStatus } from '../../lib/twap-record';
import { orderRuleWords } from '../../ui/order-rule-words';
import type { TwapError } from './twap-model';

// The TWAP's words: the form's problems (an order rule reads as it does in the order form), the
// states and why a TWAP paused or ended.

export function twapProblemWords(e: TwapError): MessageDescriptor {
  switch (e.code) {
    case 'duration-empty':
      return msg`Enter a duration`;
    case 'duration-unreadable':
      return msg`Duration must be a number`;
    case 'duration-zero':
      return msg`Duration must be above 0`;
    case 'duration-too-long': {
      const { maxHours } = e;
      return msg`A TWAP runs at most ${maxHours} hours`;
    }
    case 'interval-too-short': {
      const { minSeconds } = e;
      return msg`Slices must be at least ${minSeconds} s apart: fewer slices or a longer duration`;
    }
    case 'interval-empty':
      return msg`Enter the time between slices`;
    case 'interval-unreadable':
      return msg`Interval must be a number of seconds`;
    case 'interval-too-many': {
      const { max } = e;
      return msg`That makes more than ${max} slices: a longer interval or a shorter duration`;
    }
    case 'slices-empty':
      return msg`Enter the number of slices`;
    case 'slices-invalid': {
      const { max } = e;
      return msg`Slices: a whole number from 1 to ${max}`;
    }
    case 'slices-too-many': {
      const { maxSlices, min } = e;
      return msg`At most ${maxSlices} slices: each must be at least the minimum order, ${min}`;
    }
    case 'total-below-min': {
      const { min } = e;
      return msg`The total is below the minimum order, ${min}`;
    }
    case 'slice-above-max': {
      const { max, base } = e;
      return msg`Each slice can be at most ${max} ${base}: use more slices`;
    }
    case 'slippage-invalid': {
      const { max } = e;
      return msg`Slippage cap: above 0 and at most ${max}%`;
    }
    case 'no-mark':
      return msg`Waiting for the mark price`;
    default:
      return orderRuleWords(e as OrderRuleProblem);
  }
}

export const TWAP_STATUS_WORDS: Record<TwapStatus, MessageDescriptor> = {
  running: msg`Running`,
  paused: msg`Paused`,
  interrupted: msg`Stopped by a reload`,
  canceled: msg`Canceled`,
  done: msg`Done`,
};

/** Why it paused or ended, as a sentence; null when the trader did it. */
export function twapNoteWords(n: TwapNote | null): MessageDescriptor | null {
  if (!n) return null;
  switch (n.code) {
    case 'refused': {
      const { message } = n;
      return msg`A slice was refused: ${message}`;
    }
    case 'unknown': {
      const { message } = n;
      return msg`A slice's outcome is unknown (${message}); it counts as filled until the exchange says otherwise`;
    }
    case 'plan-done':
      return msg`Every slice was sent`;
    case 'total-reached':
      return msg`The whole size filled`;
    case 'left-below-min':
      return msg`What is left is below the minimum order`;
    case 'no-position':
      return msg`Reduce-only: no position left to reduce`;
    case 'other-tab':
      return msg`Another tab of this browser is running this TWAP: resume it there, or close that tab first`;
  }
}
