import { useEffect, useState } from 'react';
import { formatCountdown } from '../../lib/time';

const systemNow = () => Date.now();

/** Time left to the next funding settlement, ticking every second. */
export function FundingCountdown({ nextFundingTime, now = systemNow }: { nextFundingTime: string; now?: () => number }) {
  const target = Date.parse(nextFundingTime);
  const [left, setLeft] = useState(() => target - now());
  useEffect(() => {
    const tick = () => setLeft(target - now());
    const timer = setInterval(tick, 1_000);
    return () => clearInterval(timer);
  }, [target, now]);
  return <span className="num">{Number.isNaN(target) ? '—' : formatCountdown(left)}</span>;
}
