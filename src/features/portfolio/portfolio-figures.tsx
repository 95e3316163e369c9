import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { dec } from '../../lib/decimal';
import { showUsd } from '../../lib/display';
import { formatDateTime } from '../../lib/time';
import type { TradingFigures } from '../../lib/portfolio/trading-figures';
import { drawdownText, Signed, winRateText } from './figure-cells';

function Figure({ label, children, testId }: { label: ReactNode; children: ReactNode; testId: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded border border-line bg-panel px-3 py-2" data-testid={testId}>
      <dt className="text-muted">{label}</dt>
      <dd className="num text-[15px] text-text">{children}</dd>
    </div>
  );
}


/** The window's figures: what the trader made, paid and did, each exact to the cent. */
export function PortfolioFigures({ f, unrealized }: { f: TradingFigures; unrealized: string }) {
  const { t, i18n } = useLingui();
  const rate = winRateText(f.winRate);
  const when = (at: number | null) => (at === null ? '' : formatDateTime(at));
  const received = showUsd(f.fundingReceived);
  const paid = showUsd(f.fundingPaid);
  const closing = i18n.number(f.closingTrades);
  const { wins, losses } = f;
  const peak = when(f.maxDrawdown.peakAt);
  const trough = when(f.maxDrawdown.troughAt);
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-6" data-testid="portfolio-figures">
      <Figure label={t`Net PnL (realized − fees + funding)`} testId="figure-net-pnl">
        <Signed value={f.netPnl} />
      </Figure>
      <Figure label={t`Realized PnL`} testId="figure-realized-pnl">
        <Signed value={f.realizedPnl} />
      </Figure>
      <Figure label={t`Unrealized PnL now`} testId="figure-unrealized-pnl">
        <Signed value={unrealized} />
      </Figure>
      <Figure label={t`Fees paid`} testId="figure-fees">
        {showUsd(f.fees)} DUSD
        {f.otherFees.map(({ asset, paid: other }) => (
          <span key={asset} className="block text-[12px] text-muted">
            <Trans>
              + {other} {asset} (not in PnL)
            </Trans>
          </span>
        ))}
      </Figure>
      <Figure label={t`Funding received / paid`} testId="figure-funding">
        <Signed value={f.fundingNet} />
        <span className="block text-[12px] text-muted">
          <Trans>
            +{received} / −{paid}
          </Trans>
        </span>
      </Figure>
      <Figure label={t`Volume`} testId="figure-volume">
        {showUsd(f.volume)} DUSD
      </Figure>
      <Figure label={t`Trades`} testId="figure-trades">
        {i18n.number(f.trades)}
        <span className="block text-[12px] text-muted">
          <Trans>{closing} closing</Trans>
        </span>
      </Figure>
      <Figure label={t`Win rate`} testId="figure-win-rate">
        {rate}
        <span className="block text-[12px] text-muted">
          <Trans>
            {wins} won, {losses} lost
          </Trans>
        </span>
      </Figure>
      <Figure label={t`Average win / loss`} testId="figure-average">
        <Signed value={f.averageWin} /> / <Signed value={f.averageLoss} />
      </Figure>
      <Figure label={t`Largest win`} testId="figure-largest-win">
        <Signed value={f.largestWin?.pnl ?? null} />
        {f.largestWin && <span className="block text-[12px] text-muted">{f.largestWin.symbol}</span>}
      </Figure>
      <Figure label={t`Largest loss`} testId="figure-largest-loss">
        <Signed value={f.largestLoss?.pnl ?? null} />
        {f.largestLoss && <span className="block text-[12px] text-muted">{f.largestLoss.symbol}</span>}
      </Figure>
      <Figure label={t`Max drawdown`} testId="figure-max-drawdown">
        {drawdownText(f.maxDrawdown.amount)}
        {f.maxDrawdown.troughAt !== null && !dec(f.maxDrawdown.amount).isZero() && (
          <span className="block text-[12px] text-muted">
            <Trans>
              {peak} → {trough}
            </Trans>
          </span>
        )}
      </Figure>
    </dl>
  );
}
