// The 24 h realized figure computed from the history, side by side with what the exchange reports in
// the balance: `pnl_freeze` (realized trade PnL of the last 24 h, fees and funding excluded) and, when
// sent, `pnl_24h` (the same net of fees and funding). Both numbers and their difference are returned;
// a difference is shown by the page, never hidden (a missing page of history, or a clock apart).
import { fromUnits, toUnits } from './exact-amount';
import type { Ledger } from './ledger';

const DAY_MS = 86_400_000;

export interface FigureCheck {
  /** From the history. */
  computed: string;
  /** From the balance. */
  reported: string;
  /** reported − computed. */
  difference: string;
  agrees: boolean;
}

export interface Realized24hCheck {
  /** Epoch ms the 24 h start at (the balance's read time − 24 h). */
  since: number;
  /** Σ pnl of fills with at ≥ since, against `pnl_freeze` (the exchange counts fills at since too). */
  realized: FigureCheck;
  /** Σ(pnl − fees) of fills + Σ funding with at > since, against `pnl_24h`; null when it is not sent. */
  net: FigureCheck | null;
}

/** difference = reported − computed; agrees when it is exactly 0. */
function check(computed: bigint, reported: string, scale: number): FigureCheck {
  const r = toUnits(reported, scale);
  return { computed: fromUnits(computed, scale), reported, difference: fromUnits(r - computed, scale), agrees: r === computed };
}

/**
 * realized = Σ pnl of fills with asOf − 24 h ≤ at ≤ asOf; net = Σ change of events with asOf − 24 h < at ≤ asOf.
 * `asOf`: when the balance was read. A fill after it is not in the balance's figures, nor in these.
 */
export function realized24hCheck(ledger: Ledger, asOf: number, pnlFreeze: string, pnl24h: string | undefined): Realized24hCheck {
  const since = asOf - DAY_MS;
  let realized = 0n;
  let net = 0n;
  const { events } = ledger;
  for (let i = events.length - 1; i >= 0 && events[i]!.at >= since; i--) {
    const e = events[i]!;
    if (e.at > asOf) continue;
    if (e.kind === 'fill') realized += e.pnl;
    if (e.at > since) net += e.change;
  }
  return {
    since,
    realized: check(realized, pnlFreeze, ledger.scale),
    net: pnl24h === undefined ? null : check(net, pnl24h, ledger.scale),
  };
}
