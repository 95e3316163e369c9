import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { PortfolioSummary } from '../../lib/portfolio/portfolio-summary';

/**
 * A fill moves the position at once and reaches the history a second later (the sync waits for a
 * burst to end): a difference is told only once it has lasted this long.
 */
export const GAP_SETTLE_MS = 4_000;

/**
 * Signs that the history read is not the whole story: a market whose fills, replayed, do not give
 * the position open now, or fills that close what the history never shows opening. Shown, never
 * hidden: the figures above would be short by what is missing.
 */
export function HistoryGaps({ summary }: { summary: PortfolioSummary }) {
  const { t } = useLingui();
  const { positionMismatches, unexplainedPnlFills } = summary;
  const key = JSON.stringify([positionMismatches, unexplainedPnlFills]);
  const [lasted, setLasted] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setLasted(key), GAP_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  if ((positionMismatches.length === 0 && unexplainedPnlFills === 0) || lasted !== key) return null;
  const fills = t`${plural(unexplainedPnlFills, { one: '# fill closes', other: '# fills close' })}`;
  return (
    <div role="alert" className="rounded border border-warn/50 bg-warn/10 px-3 py-2 text-warn" data-testid="history-gaps">
      {positionMismatches.map(({ symbol, replayed, open }) => (
        <p key={symbol}>
          <Trans>
            {symbol}: your fills add up to a position of {replayed}, but {open} is open. Some history is missing, and the figures for {symbol} are short by it.
          </Trans>
        </p>
      ))}
      {unexplainedPnlFills > 0 && (
        <p>
          <Trans>{fills} a position the history does not show opening: older history is missing.</Trans>
        </p>
      )}
    </div>
  );
}
