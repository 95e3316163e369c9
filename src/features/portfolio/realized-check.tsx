import { Trans } from '@lingui/react/macro';
import { showUsdSigned } from '../../lib/display';
import type { Realized24hCheck } from '../../lib/portfolio/realized-24h-check';

/**
 * The last 24 h of realized PnL from the history beside what the exchange reports in the balance
 * (`pnl_freeze`): agreement says the history is whole; a difference is shown with both numbers.
 */
export function RealizedCheck({ check }: { check: Realized24hCheck }) {
  const computed = showUsdSigned(check.realized.computed);
  const reported = showUsdSigned(check.realized.reported);
  const difference = showUsdSigned(check.realized.difference);
  return (
    <p className="text-[12px] text-muted" data-testid="realized-check" data-agrees={check.realized.agrees}>
      {check.realized.agrees ? (
        <Trans>
          ✓ Realized PnL of the last 24 h from your history, <span className="num text-text">{computed}</span> DUSD, matches the exchange's figure.
        </Trans>
      ) : (
        <span className="text-warn">
          <Trans>
            ⚠ Realized PnL of the last 24 h: <span className="num">{computed}</span> DUSD from your history, <span className="num">{reported}</span> DUSD reported by the exchange (difference{' '}
            <span className="num">{difference}</span>). A fill that arrived since the last read, or history not yet read, explains it.
          </Trans>
        </span>
      )}
    </p>
  );
}
