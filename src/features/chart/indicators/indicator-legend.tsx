import { useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { INDICATOR_KINDS, type IndicatorKind, type IndicatorSettings } from '../../../lib/indicator-catalog';
import { show } from '../../../lib/display';
import { useChartIndicators } from '../../../stores/chart-indicators';
import { lineColour } from './indicator-colours';
import type { IndicatorLayer } from './indicator-layer';
import { INDICATOR_NAMES, LINE_NAMES } from './indicator-words';

/** "EMA 21", "BB 20 2", "MACD 12 26 9": the legend's short name with its parameters. */
export function indicatorLabel(s: Pick<IndicatorSettings, 'kind' | 'params'>): string {
  return [INDICATOR_NAMES[s.kind].short, ...s.params.map(String)].join(' ');
}

/** Places an indicator's values are shown at: prices at the symbol's, RSI at 2, volume at the size's. */
function placesOf(kind: IndicatorKind, line: string, decimals: { price: number; qty: number }): number {
  if (kind === 'rsi') return 2;
  if (kind === 'volume') return decimals.qty;
  if (kind === 'macd') return Math.max(2, decimals.price);
  return decimals.price;
}

interface Props {
  layer: IndicatorLayer | null;
  /** After a remove, where the focus goes (its button is gone). */
  onRemoved: () => void;
  /** The bar under the crosshair, as a history index; null: the latest bar. */
  at: number | null;
  decimals: { price: number; qty: number };
}

/** Each indicator's name and values at the crosshair (or the latest bar), with hide and remove. */
export function IndicatorLegend({ layer, at, decimals, onRemoved }: Props) {
  const { t, i18n } = useLingui();
  const list = useChartIndicators((s) => s.list);
  const change = useChartIndicators((s) => s.change);
  const remove = useChartIndicators((s) => s.remove);
  useSyncExternalStore(layer?.subscribe ?? noSubscribe, () => layer?.version ?? 0);
  if (!layer || list.length === 0) return null;
  const values = new Map((at === null ? layer.latest() : layer.valuesAt(at)).map((v) => [v.settings.id, v.lines]));
  return (
    <ul className="space-y-0.5" aria-label={t`Indicators`} data-testid="indicator-legend">
      {list.map((s) => {
        const label = indicatorLabel(s);
        const lines = values.get(s.id) ?? null;
        return (
          <li key={s.id} className="pointer-events-auto flex w-fit items-center gap-1.5 rounded bg-panel/80 px-1" data-testid={`indicator-${s.kind}`}>
            <span className={s.visible ? 'text-text' : 'text-muted line-through'}>{label}</span>
            {INDICATOR_KINDS[s.kind].lines.map((line) => {
              const v = lines?.[line];
              const places = placesOf(s.kind, line, decimals);
              const shown = v === undefined ? '—' : show(v.toFixed(places), places);
              const what = i18n._(LINE_NAMES[line]!);
              return (
                // The line's colour on a swatch, the number in the text colour: legible on either theme.
                <span key={line} className="num flex items-center gap-0.5 text-text" title={what} aria-label={`${what} ${shown}`}>
                  <span aria-hidden="true" className="inline-block h-0.5 w-2" style={{ background: lineColour(s.color, s.kind, line) }} />
                  {shown}
                </span>
              );
            })}
            <button
              type="button"
              className="px-0.5 text-muted hover:text-text"
              aria-label={s.visible ? t`Hide ${label}` : t`Show ${label}`}
              title={s.visible ? t`Hide ${label}` : t`Show ${label}`}
              onClick={() => change(s.id, { visible: !s.visible })}
            >
              {s.visible ? '◉' : '○'}
            </button>
            <button
              type="button"
              className="px-0.5 text-muted hover:text-text"
              aria-label={t`Remove ${label}`}
              title={t`Remove ${label}`}
              onClick={() => {
                remove(s.id);
                onRemoved();
              }}
            >
              ✕
            </button>
          </li>
        );
      })}
    </ul>
  );
}

const noSubscribe = () => () => undefined;
