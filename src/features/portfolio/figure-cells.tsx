import { dec } from '../../lib/decimal';
import { showUsd, showUsdSigned } from '../../lib/display';
import { formatFixed } from '../../lib/format';
import { toneOf } from '../../ui/tone';

/** A signed amount, its sign written (never colour alone); "—" for a figure there is none of. */
export function Signed({ value }: { value: string | null }) {
  return <span className={toneOf(value)}>{value === null ? '—' : showUsdSigned(value)}</span>;
}

/** A win rate (a 0…1 fraction) as a percentage to one place, exact; "—" with no closing trade. */
export function winRateText(rate: string | null): string {
  return rate === null ? '—' : `${formatFixed(dec(rate).mul(100), 1)} %`;
}

/** A drawdown (≥ 0) as the fall it was: "−12.34", or "0.00" when there was none. */
export function drawdownText(amount: string): string {
  return dec(amount).isZero() ? showUsd('0') : `−${showUsd(amount)}`;
}
