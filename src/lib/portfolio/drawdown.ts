// Max drawdown of a PnL curve: the deepest fall from a running peak, in money (not %: the curve starts
// at zero, so a percentage of it means nothing).

/** Max drawdown in units (≥ 0) and when it happened: the peak it fell from and the trough it reached. */
export interface DrawdownUnits {
  amount: bigint;
  /** Epoch ms of the peak (the curve's start when it fell from there); null when amount is 0. */
  peakAt: number | null;
  troughAt: number | null;
}

/**
 * Streaming: maxDD = max over i ≤ j of (v_i − v_j), over the curve's points in time order, the curve
 * starting at `startValue` (0: a PnL curve starts at nothing) at `startAt`. Running peak P_j = max v_i
 * for i ≤ j; maxDD = max_j (P_j − v_j). O(1) a point.
 */
export class DrawdownTracker {
  private peak: bigint;
  private peakAt: number;
  private best: DrawdownUnits = { amount: 0n, peakAt: null, troughAt: null };
  /** peak − best: a value below it is a deeper fall (one comparison a point, no subtraction). */
  private floor: bigint;

  constructor(startAt: number, startValue = 0n) {
    this.peak = startValue;
    this.peakAt = startAt;
    this.floor = startValue;
  }

  /** One point: a new peak moves the floor up; a value below the floor is the deepest fall so far (peak − value). */
  see(at: number, value: bigint): void {
    if (value > this.peak) {
      this.peak = value;
      this.peakAt = at;
      this.floor = value - this.best.amount;
    } else if (value < this.floor) {
      this.best = { amount: this.peak - value, peakAt: this.peakAt, troughAt: at };
      this.floor = value;
    }
  }

  result(): DrawdownUnits {
    return this.best;
  }
}

/** Max drawdown of a whole series (see DrawdownTracker). */
export function maxDrawdown(at: readonly number[], values: readonly bigint[], startAt: number, startValue = 0n): DrawdownUnits {
  const t = new DrawdownTracker(startAt, startValue);
  for (let i = 0; i < values.length; i++) t.see(at[i]!, values[i]!);
  return t.result();
}
