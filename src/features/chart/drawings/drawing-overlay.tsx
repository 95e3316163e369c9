import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type RefObject } from 'react';
import { MAX_DRAWINGS } from '../../../stores/chart-drawings';
import { usePriceAlerts } from '../../../stores/price-alerts';
import { cursorText, drawingText, placingText } from './drawing-words';
import type { DrawingLayer } from './use-drawing-layer';

const buttonClassName = 'shrink-0 rounded border border-line px-1.5 py-0.5 text-text hover:border-accent';

/**
 * Over the chart: the status line (what to do next while placing; the drawing selected and what the
 * keys do to it, with its Delete and, for a horizontal line, "Alert at this price"), and the Drawings
 * list — the canvas's drawings as text, each with Select and Delete.
 */
export function DrawingOverlay(a: { layer: DrawingLayer; symbol: string; decimals: number; chart: RefObject<HTMLDivElement | null>; listButton: RefObject<HTMLButtonElement | null> }) {
  const { t, i18n } = useLingui();
  const { layer, decimals } = a;
  const v = layer.view;
  const selected = v.kind === 'selected' ? layer.drawings.find((d) => d.id === v.id) : undefined;
  const focusChart = () => a.chart.current?.focus({ preventScroll: true });

  const max = MAX_DRAWINGS;
  let status = '';
  if (layer.full) status = t`At most ${max} drawings on a market: delete one to draw another`;
  else if (v.kind === 'placing') status = placingText(v, i18n) + (v.cursor ? ` · ${cursorText(v.cursor, decimals, i18n)}` : '');
  const text = selected ? drawingText(selected, decimals, i18n) : '';
  if (!status && selected) status = text;

  return (
    <>
      <div className={`absolute bottom-8 left-2 z-10 flex max-w-[calc(100%-5rem)] flex-wrap items-center gap-1.5 text-[11px] ${status ? 'rounded bg-panel/90 px-1.5 py-1' : ''}`} data-testid="drawing-status-bar">
        <p role="status" aria-live="polite" className="num text-text" data-testid="drawing-status">
          {status}
        </p>
        {selected && (
          <>
            <span className="hidden text-muted md:inline">
              <Trans>Arrows move it · Esc lets go</Trans>
            </span>
            {selected.kind === 'horizontal' && (
              <button type="button" className={buttonClassName} aria-haspopup="dialog" onClick={() => usePriceAlerts.getState().open(a.symbol, selected.price)} data-testid="drawing-alert">
                <Trans>Alert at this price</Trans>
              </button>
            )}
            <button
              type="button"
              className={buttonClassName}
              aria-label={t`Delete ${text}`}
              onClick={() => {
                layer.remove(selected.id);
                focusChart();
              }}
              data-testid="drawing-delete"
            >
              <Trans>Delete</Trans>
            </button>
          </>
        )}
        {v.kind === 'placing' && (
          <button type="button" className={buttonClassName} onClick={() => {
              layer.cancel();
              a.listButton.current?.focus();
            }}>
            <Trans>Cancel</Trans>
          </button>
        )}
      </div>
      {layer.listOpen && <DrawingList {...a} onSelected={focusChart} />}
    </>
  );
}

function DrawingList({ layer, decimals, listButton, onSelected }: { layer: DrawingLayer; decimals: number; listButton: RefObject<HTMLButtonElement | null>; onSelected: () => void }) {
  const { t, i18n } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  /** After a Delete: the row whose Select takes the focus next (null: the Drawings button). */
  const focusAfter = useRef<{ id: string | null } | null>(null);
  useEffect(() => {
    const f = focusAfter.current;
    if (!f) return;
    focusAfter.current = null;
    const row = f.id ? box.current?.querySelector<HTMLButtonElement>(`[data-drawing-id="${f.id}"] button`) : null;
    (row ?? listButton.current)?.focus();
  }, [layer.drawings, listButton]);
  const close = () => {
    layer.setListOpen(false);
    listButton.current?.focus();
  };

  return (
    <div
      ref={box}
      id="chart-drawings-list"
      className="absolute right-16 top-1 z-20 max-h-[calc(100%-3rem)] w-[26rem] max-w-[calc(100%-5rem)] overflow-y-auto rounded border border-line bg-panel p-1.5 text-[11px] shadow-xl"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          close();
        }
      }}
      data-testid="drawings-list"
    >
      {layer.drawings.length === 0 ? (
        <p className="px-1 py-0.5 text-muted">
          <Trans>No drawings on this market yet: choose a tool and click the chart.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Drawings`} className="space-y-0.5">
          {layer.drawings.map((d, i) => {
            const text = drawingText(d, decimals, i18n);
            return (
              <li key={d.id} data-drawing-id={d.id} className="flex items-center gap-1" data-testid="drawing-row">
                <span className="num min-w-0 flex-1 text-text">
                  {text}
                </span>
                <button type="button" aria-label={t`Select ${text}`} className="rounded px-1 text-accent hover:underline" onClick={() => {
                    layer.select(d.id);
                    layer.setListOpen(false);
                    onSelected();
                  }}>
                  <Trans>Select</Trans>
                </button>
                <button
                  type="button"
                  aria-label={t`Delete ${text}`}
                  className="rounded px-1 text-muted hover:text-text"
                  onClick={() => {
                    const neighbour = layer.drawings[i + 1] ?? layer.drawings[i - 1];
                    focusAfter.current = { id: neighbour?.id ?? null };
                    layer.remove(d.id);
                  }}
                >
                  <Trans>Delete</Trans>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
