import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { formatClock, formatDateTime, formatShortDate } from '../../lib/time';
import { useElementSize } from '../../ui/use-element-size';
import { fundingGeometry, nearestPoint, ratePercent, type RatePoint } from './funding-geometry';

const HOUR = 3_600_000;
const DAYS = 7;
const PLOT = { left: 76, bottom: 18, inset: 8 };

/** The last 7 days up to the end of this hour: one key an hour, so the query is not re-asked per render. */
function window7d(now: number): { start: number; end: number } {
  const end = Math.floor(now / HOUR) * HOUR + HOUR;
  return { start: end - DAYS * 24 * HOUR, end };
}

/** The market's funding-rate history (query_funding_rates), last 7 days, the rate as % per settlement. */
export function FundingRateChart({ symbol }: { symbol: string }) {
  const { t } = useLingui();
  const api = useApi();
  const [range] = useState(() => window7d(Date.now()));
  const rates = useQuery({ ...marketQueries.fundingRates(api, symbol, range.start, range.end), refetchInterval: 5 * 60_000 });
  const market = useQuery(marketQueries.symbolMarket(api, symbol));
  const box = useRef<HTMLDivElement>(null);
  const size = useElementSize(box);
  const [hover, setHover] = useState<RatePoint | null>(null);
  const width = size.width || 600;
  const height = size.height || 240;
  const g = fundingGeometry(rates.data ?? [], range.start, range.end, { width, height, ...PLOT });
  const last = g.points.at(-1);
  const shown = hover ?? last;
  const days = DAYS;
  const count = g.points.length;
  const predicted = market.data ? ratePercent(market.data.funding_rate) : '—';
  const settled = shown ? formatDateTime(shown.time) : '';
  const when = hover ? formatDateTime(hover.time) : t`Last settled ${settled}`;
  const shownRate = shown ? ratePercent(shown.rate) : '';
  const failure = rates.error?.message ?? '';

  return (
    <section aria-label={t`${symbol} funding rate`} className="flex min-h-0 flex-1 flex-col" data-testid="funding-rate-chart">
      <div className="flex shrink-0 flex-wrap items-baseline gap-x-4 gap-y-0.5 px-3 py-1.5">
        <h2 className="font-semibold">
          <Trans>
            {symbol} funding rate · last {days} days
          </Trans>
        </h2>
        <span className="text-muted">
          <Trans>
            Now (predicted): <span className="num text-text">{predicted}</span>
          </Trans>
        </span>
        {shown && (
          <span className="text-muted" data-testid="funding-hover">
            <Trans>
              {when}: <span className={`num ${Number(shown.rate) < 0 ? 'text-down' : 'text-up'}`}>{shownRate}</span>
            </Trans>
          </span>
        )}
        <span className="ml-auto text-muted">{t`${plural(count, { one: '# settlement', other: '# settlements' })}`}</span>
      </div>
      <div ref={box} className="relative min-h-0 flex-1">
        {rates.isError ? (
          <p className="p-3 text-error">{t`Funding rates unavailable: ${failure}`}</p>
        ) : rates.isLoading ? (
          <p className="p-3 text-muted">{t`Loading funding rates…`}</p>
        ) : (
          <svg
            width={width}
            height={height}
            className="absolute inset-0"
            role="img"
            aria-label={t`${symbol} funding rate per settlement, last ${days} days`}
            onMouseMove={(e) => setHover(nearestPoint(g.points, e.clientX - e.currentTarget.getBoundingClientRect().left))}
            onMouseLeave={() => setHover(null)}
          >
            {g.yTicks.map((tick, i) => (
              <g key={i}>
                <line x1={PLOT.left} x2={width} y1={tick.y} y2={tick.y} stroke="var(--color-line)" strokeDasharray="2 4" />
                <text x={PLOT.left - 6} y={tick.y + 4} textAnchor="end" className="fill-[var(--color-muted)] text-[11px]">
                  {ratePercent(tick.rate)}
                </text>
              </g>
            ))}
            <line x1={PLOT.left} x2={width} y1={g.zeroY} y2={g.zeroY} stroke="var(--color-muted)" strokeOpacity={0.6} />
            {g.xTicks.map((tick) => (
              <text
                key={tick.time}
                x={tick.x}
                y={height - 4}
                textAnchor={tick.x < PLOT.left + 30 ? 'start' : tick.x > width - 30 ? 'end' : 'middle'}
                className="fill-[var(--color-muted)] text-[11px]"
              >
                {tick.days ? formatShortDate(tick.time) : formatClock(tick.time).slice(0, g.shortSpan ? 8 : 5)}
              </text>
            ))}
            {g.points.map((p) => (
              <line
                key={p.time}
                x1={p.x}
                x2={p.x}
                y1={g.zeroY}
                y2={p.y}
                stroke={Number(p.rate) < 0 ? 'var(--color-down)' : 'var(--color-up)'}
                strokeWidth={Math.max(1, Math.min(4, (width - PLOT.left) / Math.max(1, g.points.length) - 1))}
              />
            ))}
            {hover && (
              <>
                <line x1={hover.x} x2={hover.x} y1={0} y2={height - PLOT.bottom} stroke="var(--color-accent)" strokeOpacity={0.5} />
                <circle cx={hover.x} cy={hover.y} r={3} fill="var(--color-accent)" />
              </>
            )}
          </svg>
        )}
        {rates.isSuccess && g.points.length === 0 && (
          <p className="absolute inset-x-0 top-1/3 text-center text-muted">
            <Trans>
              No funding settled for {symbol} in the last {days} days yet.
            </Trans>
          </p>
        )}
      </div>
    </section>
  );
}
