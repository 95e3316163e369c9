import { Trans, useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import { DRAWING_TOOLS, type DrawingTool } from '../../../lib/chart-drawing';
import { TOOL_NAMES } from './drawing-words';
import type { DrawingLayer } from './use-drawing-layer';

/** The tools' marks: a level, a slope, a band (the name is the button's, the mark is decoration). */
/* eslint-disable lingui/no-unlocalized-strings -- SVG path data */
const ICONS: Record<DrawingTool, string> = {
  horizontal: 'M1 7h12',
  trend: 'M2 12L12 2',
  range: 'M1 3h12M1 11h12M7 4.5v5',
};
/* eslint-enable lingui/no-unlocalized-strings */

/** The chart header's drawing controls: a button per tool (pressed while placing) and the Drawings list's button. */
export function DrawingTools({ layer, listButton }: { layer: DrawingLayer; listButton: RefObject<HTMLButtonElement | null> }) {
  const { t, i18n } = useLingui();
  const placing = layer.view.kind === 'placing' ? layer.view.tool : null;
  const count = layer.drawings.length;
  return (
    <div role="group" aria-label={t`Drawing tools`} className="flex shrink-0 items-center gap-0.5" data-testid="drawing-tools">
      {DRAWING_TOOLS.map((tool) => {
        const name = i18n._(TOOL_NAMES[tool]);
        const on = placing === tool;
        return (
          <button
            key={tool}
            type="button"
            aria-label={name}
            title={name}
            aria-pressed={on}
            onClick={() => layer.choose(tool)}
            className={`rounded px-1 py-0.5 ${on ? 'bg-panel-2 text-accent' : 'text-muted hover:text-text'}`}
            data-testid={`draw-${tool}`}
          >
            <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" className="block">
              <path d={ICONS[tool]} stroke="currentColor" strokeWidth="1.5" fill="none" />
            </svg>
          </button>
        );
      })}
      <button
        ref={listButton}
        type="button"
        aria-expanded={layer.listOpen}
        aria-controls="chart-drawings-list"
        onClick={() => layer.setListOpen(!layer.listOpen)}
        className="shrink-0 rounded px-1.5 py-0.5 text-muted hover:text-text"
        data-testid="drawings-button"
      >
        <Trans>Drawings</Trans> <span className="num">({count})</span>
      </button>
    </div>
  );
}
