import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AccountHistory } from '../../api/account-history';
import { Button } from '../../ui/button';
import { HISTORY_PROBLEM } from './portfolio-words';

/**
 * How much of the account's history is in hand: a progress bar while it is read (trades against the
 * exchange's total when it gave one), then what the figures are computed from; a problem in words,
 * with Retry once the read has stopped.
 */
export function HistoryStatus({ history }: { history: AccountHistory }) {
  const { t, i18n } = useLingui();
  const { status, progress, problem, storage } = history;
  const { trades: tradeCount, funding: fundingCount, tradesTotal: total } = progress;
  const trades = t`${plural(tradeCount, { one: '# trade', other: '# trades' })}`;
  const funding = t`${plural(fundingCount, { one: '# funding payment', other: '# funding payments' })}`;
  const pct = total && total > 0 ? Math.min(100, Math.round((progress.trades / total) * 100)) : null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted" data-testid="history-status" data-status={status}>
      {status === 'loading' && (
        <>
          <progress
            className="h-1.5 w-40 accent-[var(--color-accent)]"
            aria-label={t`Reading your history`}
            {...(pct === null ? {} : { value: pct, max: 100 })}
          />
          <span role="status">
            <Trans>
              Reading your history: {trades}, {funding}
            </Trans>
            {total !== null && <> {t`${plural(total, { one: 'of # trade', other: 'of # trades' })}`}</>}
          </span>
        </>
      )}
      {status === 'complete' && (
        <span role="status">
          <Trans>
            Whole history: {trades}, {funding}. New fills are added as they happen.
          </Trans>
        </span>
      )}
      {status === 'failed' && (
        <span role="alert" className="text-error">
          <Trans>
            History incomplete: {trades}, {funding} read.
          </Trans>
        </span>
      )}
      {problem && problem !== 'storage-unavailable' && <span className={status === 'failed' ? 'text-error' : ''}>{i18n._(HISTORY_PROBLEM[problem])}</span>}
      {storage === 'memory' && <span>{i18n._(HISTORY_PROBLEM['storage-unavailable'])}</span>}
      {status === 'failed' && (
        <Button onClick={history.retry}>
          <Trans>Retry</Trans>
        </Button>
      )}
    </div>
  );
}
