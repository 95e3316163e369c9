import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useRef, useState } from 'react';
import { showSigned, show } from '../../lib/display';
import { useElementSize } from '../../ui/use-element-size';
import { curveScale, pointAt, stepPath, xOf, yOf, type CurvePoint } from './curve-geometry';

const PLOT_LEFT = 72;
const PLOT_BOTTOM = 18;
const PLOT_TOP = 8;

/** A moment on the curve's time axis, e.g. "28 Nov 14:05" (UTC, as the histories show). */
function whenLabel(locale: string, t: number, withTime: boolean): string {
  return new Intl.DateTimeFormat(locale, withTime ? { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' } : { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(t);
}

interface Props {
  points: readonly CurvePoint[];
  /** The curve's name, also its image's accessible name with its first and last values. */
  title: string;
  decimals: number;
  /** Values with a sign (PnL) or without (account value). */
  signed: boolean;
  /** Moments marked on the curve (transfers), each with what it was. */
  marks?: readonly { at: number; label: string }[];
  testId: string;
}

/**
 * A value over time as steps (a PnL changes at events, not between them), with the break-even line,
 * the value at the pointer, and marks for transfers. SVG: ≤ ~2,000 points (the figures thin them).
 */
export function CurveChart({ points, title, decimals, signed, marks = [], testId }: Props) {
  const { t, i18n } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const size = useElementSize(box);
  const clip = useId();
  const width = size.width || 600;
  const height = size.height || 220;
  const plot = useMemo(() => ({ width, height, left: PLOT_LEFT, bottom: PLOT_BOTTOM, top: PLOT_TOP }), [width, height]);
  const scale = useMemo(() => curveScale(points, signed), [points, signed]);
  const path = useMemo(() => stepPath(points, scale, plot), [points, scale, plot]);
  const [hoverX, setHoverX] = useState<number | null>(null);
  const fmt = (v: string | number) => (signed ? showSigned(String(v), decimals) : show(String(v), decimals));
  const zeroY = yOf(scale, plot, 0);
  // A PnL is shaded from break-even (gains above, losses below); a value from the bottom of the plot.
  const baseY = signed ? zeroY : height - PLOT_BOTTOM;
  const span = scale.to - scale.from;
  const withTime = span < 3 * 86_400_000;
  const first = points[0];
  const last = points.at(-1);
  const hoverT = hoverX === null ? null : scale.from + ((hoverX - PLOT_LEFT) / Math.max(1, width - PLOT_LEFT)) * span;
  const hoverIndex = hoverT === null ? -1 : pointAt(points, hoverT);
  const hover = hoverIndex >= 0 ? points[hoverIndex]! : null;
  const yTicks = [scale.high, (scale.high + scale.low) / 2, scale.low].map((v) => ({ v, y: yOf(scale, plot, v) }));
  const from = first ? fmt(first.value) : '';
  const to = last ? fmt(last.value) : '';
  const now = to;
  const since = first ? whenLabel(i18n.locale, first.at, withTime) : '';
  const until = last ? whenLabel(i18n.locale, last.at, withTime) : '';
  const summary = first && last ? t`${title}: from ${from} on ${since} to ${to} on ${until}` : t`${title}: no history yet`;

  return (
    <div className="flex min-h-0 flex-col" data-testid={testId}>
      <div className="flex h-5 items-baseline gap-3 px-1 text-muted">
        {hover ? (
          <span className="num" data-testid={`${testId}-hover`}>
            {whenLabel(i18n.locale, hover.at, true)} · <span className="text-text">{fmt(hover.value)}</span>
          </span>
        ) : (
          last && (
            <Trans>
              Now <span className="num text-text">{now}</span>
            </Trans>
          )
        )}
      </div>
      <div ref={box} className="relative h-56 min-h-0">
        <svg
          width={width}
          height={height}
          className="absolute inset-0"
          role="img"
          aria-label={summary}
          onMouseMove={(e) => setHoverX(e.clientX - e.currentTarget.getBoundingClientRect().left)}
          onMouseLeave={() => setHoverX(null)}
        >
          <defs>
            <clipPath id={`${clip}-above`}>
              <rect x={0} y={0} width={width} height={Math.max(0, zeroY)} />
            </clipPath>
            <clipPath id={`${clip}-below`}>
              <rect x={0} y={zeroY} width={width} height={Math.max(0, height - PLOT_BOTTOM - zeroY)} />
            </clipPath>
          </defs>
          {yTicks.map((tick) => (
            <g key={tick.y}>
              <line x1={PLOT_LEFT} x2={width} y1={tick.y} y2={tick.y} stroke="var(--color-line)" strokeDasharray="2 4" />
              <text x={PLOT_LEFT - 6} y={tick.y + 4} textAnchor="end" className="fill-[var(--color-muted)] text-[11px]">
                {fmt(tick.v.toFixed(decimals))}
              </text>
            </g>
          ))}
          {signed && <line x1={PLOT_LEFT} x2={width} y1={zeroY} y2={zeroY} stroke="var(--color-muted)" strokeDasharray="3 3" />}
          {path && (
            <>
              <path d={`${path}V${baseY}H${PLOT_LEFT}Z`} fill={signed ? 'var(--color-up)' : 'var(--color-accent)'} fillOpacity={0.15} clipPath={signed ? `url(#${clip}-above)` : undefined} />
              {signed && <path d={`${path}V${zeroY}H${PLOT_LEFT}Z`} fill="var(--color-down)" fillOpacity={0.15} clipPath={`url(#${clip}-below)`} />}
              <path d={path} fill="none" stroke="var(--color-accent)" strokeWidth={1.5} />
            </>
          )}
          {marks.map((m) => {
            const x = xOf(scale, plot, m.at);
            return (
              <g key={`${m.at}-${m.label}`}>
                <line x1={x} x2={x} y1={0} y2={height - PLOT_BOTTOM} stroke="var(--color-warn)" strokeDasharray="1 3" />
                <title>{m.label}</title>
              </g>
            );
          })}
          {first && (
            <>
              <text x={PLOT_LEFT} y={height - 4} className="fill-[var(--color-muted)] text-[11px]">
                {whenLabel(i18n.locale, scale.from, withTime)}
              </text>
              <text x={width - 2} y={height - 4} textAnchor="end" className="fill-[var(--color-muted)] text-[11px]">
                {whenLabel(i18n.locale, scale.to, withTime)}
              </text>
            </>
          )}
          {hover && hoverX !== null && <line x1={hoverX} x2={hoverX} y1={0} y2={height - PLOT_BOTTOM} stroke="var(--color-accent)" strokeOpacity={0.5} />}
        </svg>
      </div>
    </div>
  );
}
