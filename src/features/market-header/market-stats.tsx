import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { useMarketAsOf } from '../../api/use-market-as-of';
import { dec } from '../../lib/decimal';
import { show } from '../../lib/display';
import { toneOf } from '../../ui/tone';
import { formatCompact, formatPercent } from '../../lib/format';
import { HEALTH_WORDS } from '../../ui/stream-health-words';
import { FundingCountdown } from './funding-countdown';

function Stat({ label, title, children }: { label: string; title?: string; children: ReactNode }) {
  return (
    <div className="flex shrink-0 flex-col leading-tight" title={title}>
      <span className="text-[11px] text-muted">{label}</span>
      <span className="num">{children}</span>
    </div>
  );
}

/** Last, mark and index price, 24 h change/high/low/volume, open interest and funding of one market. */
export function MarketStats({ symbol, priceDecimals }: { symbol: string; priceDecimals: number }) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const market = useQuery({ ...marketQueries.symbolMarket(api, symbol), refetchInterval: 10_000 });
  const overview = useQuery({ ...marketQueries.overview(api), refetchInterval: 10_000 });
  const m = market.data;
  const row = overview.data?.symbols.find((s) => s.symbol === symbol);
  const change = row?.price_change_pct;
  const funding = m ? dec(m.funding_rate) : null;
  // The prices ride the market stream: while it is stale or down they are dimmed, not passed off as live.
  const { asOf, health } = useMarketAsOf();
  const behind = asOf !== null;
  const state = i18n._(HEALTH_WORDS[health]);

  if (market.isError && !m) {
    const failure = market.error.message;
    return (
      <span className="text-error">
        <Trans>Market data unavailable: {failure}</Trans>
      </span>
    );
  }
  const base = m?.base;

  return (
    // Focusable: on a narrow screen the stats scroll sideways, and the keyboard must be able to follow.
    <div
      tabIndex={0}
      role="group"
      aria-label={t`Market stats`}
      className={`flex min-w-0 items-center gap-5 overflow-x-auto whitespace-nowrap ${behind ? 'opacity-50' : ''}`}
      data-testid="market-stats"
      data-stale={behind ? 'true' : undefined}
      title={behind ? t`Market data ${state}: prices as of ${asOf}` : undefined}
    >
      <span className={`num text-[16px] font-semibold ${change === undefined ? '' : change >= 0 ? 'text-up' : 'text-down'}`} data-testid="last-price" title={t`Last traded price`}>
        {show(m?.last_price, priceDecimals)}
      </span>
      <Stat label={t`Mark`} title={t`Mark price: what PnL, margin and liquidation use`}>{show(m?.mark_price, priceDecimals)}</Stat>
      <Stat label={t`Index`} title={t`Index price: the external reference the mark follows`}>{show(m?.index_price, priceDecimals)}</Stat>
      <Stat label={t`24h change`}>
        <span className={change === undefined ? '' : change >= 0 ? 'text-up' : 'text-down'}>{change === undefined ? '—' : formatPercent(change)}</span>
      </Stat>
      <Stat label={t`24h high`}>{show(m?.high_price_24h, priceDecimals)}</Stat>
      <Stat label={t`24h low`}>{show(m?.low_price_24h, priceDecimals)}</Stat>
      <Stat label={base ? t`24h volume (${base})` : t`24h volume (base)`}>{m ? formatCompact(m.volume_24h) : '—'}</Stat>
      <Stat label={t`24h volume (USD)`}>{row ? formatCompact(row.volume_quote_24h) : '—'}</Stat>
      <Stat label={t`Open interest`} title={t`Open interest in the base asset`}>
        {m ? formatCompact(m.open_interest) : '—'}
      </Stat>
      <Stat label={t`Funding / countdown`} title={t`Current funding rate (longs pay shorts when positive) and time to the next settlement`}>
        <span className={toneOf(funding)}>{funding ? formatPercent(funding, 4, { ratio: true }) : '—'}</span>
        <span className="text-muted"> / </span>
        {m ? <FundingCountdown nextFundingTime={m.next_funding_time} /> : '—'}
      </Stat>
    </div>
  );
}
