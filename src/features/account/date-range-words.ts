import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RangeProblem } from '../../lib/date-range';

/** What is wrong with a history's picked days, in the trader's words (lib/date-range gives the code). */
export const RANGE_PROBLEM: Record<RangeProblem, MessageDescriptor> = {
  'from-not-a-date': msg`From is not a date`,
  'to-not-a-date': msg`To is not a date`,
  'from-after-to': msg`From is after To`,
};
