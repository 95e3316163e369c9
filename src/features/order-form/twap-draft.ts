// The TWAP form's typed values, verbatim: what the trader typed stays as typed (errors are worked out
// from it by twap-model.ts, never by rewriting it).

export type DurationUnit = 's' | 'min' | 'h';
export type TwapTextField = 'size' | 'duration' | 'slices' | 'interval' | 'slippage';
/** The duration is cut by a number of slices, or by the time between two. */
export type TwapSplit = 'slices' | 'interval';

export interface TwapDraft {
  size: string;
  duration: string;
  durationUnit: DurationUnit;
  split: TwapSplit;
  slices: string;
  /** Seconds between two slices, when split by interval. */
  interval: string;
  /** Slippage cap per slice, in percent. */
  slippage: string;
  reduceOnly: boolean;
  /** Start was pressed: every field's error shows, not only those typed in. */
  attempted: boolean;
}

export type TwapDraftAction =
  | { type: 'text'; field: TwapTextField; text: string }
  | { type: 'duration-unit'; unit: DurationUnit }
  | { type: 'split'; split: TwapSplit }
  | { type: 'reduce-only'; on: boolean }
  | { type: 'attempted' }
  /** Started: the size is cleared so the same TWAP is not started twice by a second click. */
  | { type: 'started' };

export function initialTwapDraft(slippagePct: string): TwapDraft {
  return { size: '', duration: '5', durationUnit: 'min', split: 'slices', slices: '10', interval: '30', slippage: slippagePct, reduceOnly: false, attempted: false };
}

export function reduceTwapDraft(d: TwapDraft, a: TwapDraftAction): TwapDraft {
  switch (a.type) {
    case 'text':
      return { ...d, [a.field]: a.text };
    case 'duration-unit':
      return { ...d, durationUnit: a.unit };
    case 'split':
      return { ...d, split: a.split };
    case 'reduce-only':
      return { ...d, reduceOnly: a.on };
    case 'attempted':
      return { ...d, attempted: true };
    case 'started':
      return { ...d, size: '', attempted: false };
  }
}
