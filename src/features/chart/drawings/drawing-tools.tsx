import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type KeyboardEvent, type RefObject } from 'react';
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

/**
 * The chart header's drawing controls: a button per tool (pressed while placing) and the Drawings
 * list's button. One stop in the page's Tab order (a toolbar: ← / → / Home / End move between them).
 */
export function DrawingTools({ layer, listButton }: { layer: DrawingLayer; listButton: RefObject<HTMLButtonElement | null> }) {
  const { t, i18n } = useLingui();
  const placing = layer.view.kind === 'placing' ? layer.view.tool : null;
  const count = layer.drawings.length;
  const box = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const stop = (i: number) => (i === active ? 0 : -1);
  const onKeyDown = (e: KeyboardEvent) => {
    const buttons = [...(box.current?.querySelectorAll('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }[e.key];
    if (at < 0 || to === undefined) return;
    e.preventDefault();
    const i = (to + buttons.length) % buttons.length;
    setActive(i);
    buttons[i]!.focus();
  };
  return (
    <div ref={box} role="toolbar" aria-label={t`Drawing tools`} className="flex shrink-0 items-center gap-0.5" onKeyDown={onKeyDown} data-testid="drawing-tools">
      {DRAWING_TOOLS.map((tool, i) => {
        const name = i18n._(TOOL_NAMES[tool]);
        const on = placing === tool;
        return (
          <button
            key={tool}
            type="button"
            aria-label={name}
            title={name}
            aria-pressed={on}
            tabIndex={stop(i)}
            onFocus={() => setActive(i)}
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
        aria-controls={layer.listOpen ? 'chart-drawings-list' : undefined}
        tabIndex={stop(DRAWING_TOOLS.length)}
        onFocus={() => setActive(DRAWING_TOOLS.length)}
        onClick={() => layer.setListOpen(!layer.listOpen)}
        className="shrink-0 rounded px-1.5 py-0.5 text-muted hover:text-text"
        data-testid="drawings-button"
      >
        <Trans>Drawings</Trans> <span className="num">({count})</span>
      </button>
    </div>
  );
}
