import type { ScaleDistribution } from '../../lib/scale-plan';

/** What the trader typed into the scale form, kept verbatim (a bad value stays on screen). */
export interface ScaleDraft {
  from: string;
  to: string;
  count: string;
  /** In the base asset. */
  total: string;
  distribution: ScaleDistribution;
  reduceOnly: boolean;
  /** Every child post-only (alo): refused rather than taking liquidity. */
  postOnly: boolean;
  /** A send was tried: "Enter a …" errors show from then on. */
  attempted: boolean;
}

/** Five children, evenly sized: a ladder most traders start from. */
export const emptyScaleDraft: ScaleDraft = {
  from: '',
  to: '',
  count: '5',
  total: '',
  distribution: 'even',
  reduceOnly: false,
  postOnly: false,
  attempted: false,
};

export type ScaleTextField = 'from' | 'to' | 'count' | 'total';

export type ScaleAction =
  | { type: 'text'; field: ScaleTextField; text: string }
  | { type: 'distribution'; distribution: ScaleDistribution }
  | { type: 'reduce-only'; on: boolean }
  | { type: 'post-only'; on: boolean }
  | { type: 'attempted' }
  /** The batch went out: the total is cleared (a second Enter does not send the same ladder again). */
  | { type: 'sent' }
  /** Esc: everything typed cleared, the options kept. */
  | { type: 'clear' };

/** The scale form's next draft: pure, the same draft back when nothing changes. */
export function reduceScaleDraft(d: ScaleDraft, a: ScaleAction): ScaleDraft {
  switch (a.type) {
    case 'text':
      return d[a.field] === a.text ? d : { ...d, [a.field]: a.text };
    case 'distribution':
      return d.distribution === a.distribution ? d : { ...d, distribution: a.distribution };
    case 'reduce-only':
      return d.reduceOnly === a.on ? d : { ...d, reduceOnly: a.on };
    case 'post-only':
      return d.postOnly === a.on ? d : { ...d, postOnly: a.on };
    case 'attempted':
      return d.attempted ? d : { ...d, attempted: true };
    case 'sent':
      return { ...d, total: '', attempted: false };
    case 'clear':
      return { ...emptyScaleDraft, distribution: d.distribution, reduceOnly: d.reduceOnly, postOnly: d.postOnly };
  }
}
