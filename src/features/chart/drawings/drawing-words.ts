import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { rangeChange, type Drawing, type DrawingTool } from '../../../lib/chart-drawing';
import { show, showSigned } from '../../../lib/display';
import { formatDateTime } from '../../../lib/time';
import type { DrawingView } from './use-drawing-layer';

export const TOOL_NAMES = {
  horizontal: msg`Horizontal line`,
  trend: msg`Trend line`,
  range: msg`Price range`,
} as const satisfies Record<DrawingTool, unknown>;

/**
 * A drawing in words, at the symbol's precision: the canvas's text equivalent
 * ("Trend line 95,012.5 → 96,100.0", "Price range 95,000.0 – 96,000.0, +1,000.0 (+1.05%)").
 */
export function drawingText(d: Drawing, decimals: number, i18n: I18n): string {
  switch (d.kind) {
    case 'horizontal': {
      const price = show(d.price, decimals);
      return i18n._(msg`Horizontal line ${price}`);
    }
    case 'trend': {
      const from = show(d.a.price, decimals);
      const to = show(d.b.price, decimals);
      return i18n._(msg`Trend line ${from} → ${to}`);
    }
    case 'range': {
      const from = show(d.from, decimals);
      const to = show(d.to, decimals);
      const { diff, percent } = rangeChange(d);
      const change = `${showSigned(diff, decimals)} (${showSigned(percent, 2)}%)`;
      return i18n._(msg`Price range ${from} – ${to}, ${change}`);
    }
  }
}

/** What to do next while placing, for the status line (announced politely). */
export function placingText(v: Extract<DrawingView, { kind: 'placing' }>, i18n: I18n): string {
  if (v.tool === 'horizontal') return i18n._(msg`Horizontal line: click a price, or move the cursor with the arrow keys and press Enter — Esc cancels`);
  if (v.tool === 'trend') return i18n._(v.second ? msg`Click the second point — Esc cancels` : msg`Trend line: click the first point, or use the arrow keys and Enter — Esc cancels`);
  return i18n._(v.second ? msg`Click the second price — Esc cancels` : msg`Price range: click the first price, or use the arrow keys and Enter — Esc cancels`);
}

/** The keyboard's cursor, read out as it moves: "Cursor 95,012.5 at 2026-11-29 03:30". */
export function cursorText(c: { time: number; price: string }, decimals: number, i18n: I18n): string {
  const price = show(c.price, decimals);
  const time = formatDateTime(c.time * 1000).slice(0, 16);
  return i18n._(msg`Cursor ${price} at ${time}`);
}
