import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { historyKey, useAccountHistory } from '../../api/account-history';
import { userQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { PNL_WINDOWS, type PnlWindow } from '../../lib/portfolio/portfolio-input';
import { useSignInRequest } from '../../stores/sign-in-request';
import { useTransferLog } from '../../stores/transfer-log';
import { Segmented } from '../../ui/segmented';
import { actingAccount, useSessionStore } from '../../wallet/session-store';
import { HistoryGaps } from './history-gaps';
import { HistoryStatus } from './history-status';
import { KeptNote } from './kept-note';
import { MarketTable } from './market-table';
import { PortfolioCurves } from './portfolio-curves';
import { PortfolioExport } from './portfolio-export';
import { PortfolioFigures } from './portfolio-figures';
import { onServerClock, portfolioInputOf } from './portfolio-input-of';
import { WINDOW_LABEL } from './portfolio-words';
import { RealizedCheck } from './realized-check';
import type { KeptSummary } from './kept-summary';
import { useKeepSummary, useKeptSummary } from './use-kept-summary';
import type { PortfolioJob } from './portfolio-worker-client';
import { usePortfolioSummary } from './use-portfolio-summary';

function SignInFirst() {
  const { t } = useLingui();
  const request = useSignInRequest((s) => s.request);
  return (
    <div className="flex flex-col items-center gap-2 p-10 text-center" data-testid="portfolio-sign-in">
      <p className="text-muted">
        <Trans>Sign in with your wallet to see how your trading is doing: PnL over time, fees, funding and figures by market.</Trans>
      </p>
      <button type="button" onClick={() => request(t`Sign in to see your portfolio`)} className="rounded bg-accent px-3 py-1.5 font-semibold text-bg hover:bg-accent/90">
        <Trans>Sign in</Trans>
      </button>
    </div>
  );
}

/** The Portfolio: how the account (or the vault acted as) is doing, from its whole history. */
export function PortfolioPanel() {
  const account = useSessionStore(actingAccount);
  return account ? <AccountPortfolio account={account} /> : <SignInFirst />;
}

function Computing() {
  return (
    <p className="text-muted" role="status">
      <Trans>Computing your figures…</Trans>
    </p>
  );
}

/** The figures kept from the last visit are read first (drawn at once, said to be as of then); then the history. */
function AccountPortfolio({ account }: { account: string }) {
  const api = useApi();
  const key = historyKey(api.transport.urls.baseUrl, account);
  const kept = useKeptSummary(key);
  return kept === undefined ? (
    <div className="mx-auto flex max-w-[1400px] flex-col gap-3 p-3" data-testid="portfolio" aria-busy>
      <Computing />
    </div>
  ) : (
    <AccountFigures key={key} account={account} storeKey={key} kept={kept} />
  );
}

function AccountFigures({ account, storeKey: key, kept }: { account: string; storeKey: string; kept: KeptSummary | null }) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const history = useAccountHistory(account);
  const balance = useQuery(userQueries.balance(api, account));
  const positions = useQuery(userQueries.positions(api, account));
  const transfers = useTransferLog((s) => s.transfers);
  const [window, setWindow] = useState<PnlWindow>('30d');
  const { revision, memory, cacheRead, refetch } = history;
  const input = useMemo<PortfolioJob | null>(
    () =>
      // Before the cache is read the history is empty, not known to be: no figures of nothing.
      balance.data && positions.data && cacheRead
        ? {
            ...portfolioInputOf({
              trades: memory?.trades ?? [],
              funding: memory?.funding ?? [],
              balance: balance.data,
              // The balance's own moment (server time): its 24 h are checked against the fills up to then.
              balanceAt: onServerClock(() => api.transport.now(), balance.dataUpdatedAt),
              positions: positions.data,
              transfers,
              account,
              now: api.transport.now(),
            }),
            // The rows themselves the worker reads from the cache (they never cross to the page).
            cache: { key, revision },
          }
        : null,
    [revision, memory, cacheRead, key, balance.data, balance.dataUpdatedAt, positions.data, transfers, account, api],
  );
  const settled = history.status === 'complete' || history.status === 'failed';
  const { summary: latest, of, computing, failed, client } = usePortfolioSummary(input, settled, key);
  // Cached rows the worker found damaged (and removed) are fetched again.
  useEffect(() => client.onCacheDamaged((kinds) => kinds.forEach(refetch)), [client, refetch]);
  // Figures of this visit's whole history are kept for the next visit, which draws them at once
  // (said to be as of their time) while its own are computed.
  const whole = latest !== null && of === input && history.status === 'complete' ? latest : null;
  useKeepSummary(key, whole);
  const showKept = latest === null && kept !== null;
  const summary = latest ?? kept?.summary ?? null;
  const w = summary?.windows[window];

  return (
    <div
      className="mx-auto flex max-w-[1400px] flex-col gap-3 p-3"
      data-testid="portfolio"
      aria-busy={computing || history.status === 'loading'}
      // For tests and the bench (figure 8): the figures and curves are on the page.
      data-ready={w ? (showKept ? 'kept' : 'true') : undefined}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Segmented
          kind="choice"
          look="joined"
          label={t`Period`}
          value={window}
          onChange={setWindow}
          choices={PNL_WINDOWS.map((p) => ({ value: p, label: i18n._(WINDOW_LABEL[p]) }))}
        />
        <PortfolioExport client={client} input={input} window={window} account={account} complete={history.status === 'complete'} />
      </div>
      <HistoryStatus history={history} />
      {failed && (
        <p role="alert" className="text-error">
          <Trans>The figures could not be computed. Reload the page to try again.</Trans>
        </p>
      )}
      {(balance.isError || positions.isError) && (
        <p role="alert" className="text-error">
          <Trans>Your balance or positions could not be read: the figures wait for them.</Trans>
        </p>
      )}
      {showKept && w && <KeptNote asOf={kept.asOf} />}
      {!w ? (
        <Computing />
      ) : (
        <>
          {history.status === 'complete' && <HistoryGaps summary={summary} />}
          <PortfolioFigures f={w.totals} unrealized={summary.unrealizedPnl} />
          {summary.realized24h && <RealizedCheck check={summary.realized24h} />}
          <PortfolioCurves w={w} />
          <section className="rounded border border-line bg-panel" aria-labelledby="portfolio-markets-title">
            <h2 id="portfolio-markets-title" className="px-3 pt-2 text-muted">
              <Trans>By market</Trans>
            </h2>
            <MarketTable markets={w.markets} />
          </section>
        </>
      )}
    </div>
  );
}
