import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useRef, useState } from 'react';
import type { SymbolInfo } from '../../api/schemas';
import { useOrderBook } from '../../api/use-order-book';
import { show } from '../../lib/display';
import { useElementSize } from '../../ui/use-element-size';
import { depthCurve, sidePath, type DepthCurve, type DepthStep } from './depth-curve';

const PLOT = { left: 64, bottom: 18 };

/** The step under the pointer's price: the deepest level of its side at or before it. */
function stepAt(c: DepthCurve, price: number): { side: 'bid' | 'ask'; step: DepthStep } | null {
  if (!c.mid) return null;
  const bid = price <= c.mid.toNumber();
  const steps = bid ? c.bids : c.asks;
  let found: DepthStep | null = null;
  for (const s of steps) {
    const p = s.price.toNumber();
    if (bid ? p >= price : p <= price) found = s;
    else break;
  }
  return found ? { side: bid ? 'bid' : 'ask', step: found } : null;
}

/** Cumulative depth of the book: bids and asks from the mid outward, live from the book's stream (a few times a second). */
export function DepthChart({ symbol, info }: { symbol: string; info: SymbolInfo | undefined }) {
  const { t } = useLingui();
  const book = useOrderBook(symbol, true);
  const curve = useMemo(() => depthCurve(book), [book]);
  const box = useRef<HTMLDivElement>(null);
  const size = useElementSize(box);
  const width = size.width || 600;
  const height = size.height || 240;
  const plot = { width, height, ...PLOT };
  const [hoverX, setHoverX] = useState<number | null>(null);
  const priceDp = info?.price_tick_decimals ?? 2;
  const qtyDp = info?.qty_tick_decimals ?? 3;
  const base = info?.base_asset ?? '';
  const span = Math.max(1e-12, curve.to - curve.from);
  const xOf = (price: number) => PLOT.left + ((price - curve.from) / span) * (width - PLOT.left);
  const priceAt = (x: number) => curve.from + ((x - PLOT.left) / Math.max(1, width - PLOT.left)) * span;
  const top = curve.maxTotal * 1.05;
  const yTicks = top > 0 ? [0.25, 0.5, 0.75].map((f) => ({ total: (top * f).toFixed(qtyDp), y: (height - PLOT.bottom) * (1 - f) })) : [];
  const xTicks = [0.1, 0.3, 0.5, 0.7, 0.9].map((f) => curve.from + span * f);
  const hover = hoverX === null ? null : stepAt(curve, priceAt(hoverX));
  const hoverPrice = hover ? show(hover.step.price, priceDp) : '';
  const hoverTotal = hover ? show(hover.step.total, qtyDp) : '';
  // Half a tick between two prices shows its extra place; on the tick, the symbol's places.
  const midDp = curve.mid && curve.mid.decimalPlaces() > priceDp ? priceDp + 1 : priceDp;
  const mid = curve.mid ? show(curve.mid, midDp) : '—';
  const bidTotal = show(curve.bids.at(-1)?.total ?? null, qtyDp);
  const askTotal = show(curve.asks.at(-1)?.total ?? null, qtyDp);
  const low = show(curve.from.toFixed(priceDp), priceDp);
  const high = show(curve.to.toFixed(priceDp), priceDp);

  return (
    <section aria-label={t`${symbol} market depth`} className="flex min-h-0 flex-1 flex-col" data-testid="depth-chart">
      <div className="flex shrink-0 flex-wrap items-baseline gap-x-4 gap-y-0.5 px-3 py-1.5">
        <span className="text-muted">
          <Trans>
            Mid <span className="num text-text">{mid}</span>
          </Trans>
        </span>
        <span className="text-muted" data-testid="depth-bids">
          <Trans>
            Bids to {low}: <span className="num text-up">{bidTotal} {base}</span>
          </Trans>
        </span>
        <span className="text-muted" data-testid="depth-asks">
          <Trans>
            Asks to {high}: <span className="num text-down">{askTotal} {base}</span>
          </Trans>
        </span>
        {hover && (
          <span className="num ml-auto text-muted" data-testid="depth-hover">
            {hover.side === 'bid' ? (
              <Trans>
                Bids at {hoverPrice} or better: <span className="text-text">{hoverTotal} {base}</span>
              </Trans>
            ) : (
              <Trans>
                Asks at {hoverPrice} or better: <span className="text-text">{hoverTotal} {base}</span>
              </Trans>
            )}
          </span>
        )}
      </div>
      <div ref={box} className="relative min-h-0 flex-1">
        {!book ? (
          <p className="p-3 text-muted">{t`Loading the order book…`}</p>
        ) : (
          <svg
            width={width}
            height={height}
            className="absolute inset-0"
            role="img"
            aria-label={t`Cumulative depth of ${symbol}: bids ${bidTotal} ${base} down to ${low}, asks ${askTotal} ${base} up to ${high}, mid ${mid}`}
            onMouseMove={(e) => setHoverX(e.clientX - e.currentTarget.getBoundingClientRect().left)}
            onMouseLeave={() => setHoverX(null)}
          >
            {yTicks.map((tick) => (
              <g key={tick.y}>
                <line x1={PLOT.left} x2={width} y1={tick.y} y2={tick.y} stroke="var(--color-line)" strokeDasharray="2 4" />
                <text x={PLOT.left - 6} y={tick.y + 4} textAnchor="end" className="fill-[var(--color-muted)] text-[11px]">
                  {show(tick.total, qtyDp)}
                </text>
              </g>
            ))}
            <path d={sidePath(curve.bids, 'bid', curve, plot)} fill="var(--color-up)" fillOpacity={0.18} stroke="var(--color-up)" strokeWidth={1.5} />
            <path d={sidePath(curve.asks, 'ask', curve, plot)} fill="var(--color-down)" fillOpacity={0.18} stroke="var(--color-down)" strokeWidth={1.5} />
            {curve.mid && (
              <line x1={xOf(curve.mid.toNumber())} x2={xOf(curve.mid.toNumber())} y1={0} y2={height - PLOT.bottom} stroke="var(--color-muted)" strokeDasharray="3 3" data-testid="depth-mid" />
            )}
            {xTicks.map((price) => (
              <text key={price} x={xOf(price)} y={height - 4} textAnchor="middle" className="fill-[var(--color-muted)] text-[11px]">
                {show(price.toFixed(priceDp), priceDp)}
              </text>
            ))}
            {hoverX !== null && <line x1={hoverX} x2={hoverX} y1={0} y2={height - PLOT.bottom} stroke="var(--color-accent)" strokeOpacity={0.5} />}
          </svg>
        )}
      </div>
    </section>
  );
}
