import type { ShareCard } from '../../lib/share-card';

/** The card's size in CSS pixels (about 1.9:1, the shape link previews use); drawn at 2× that. */
export const CARD_WIDTH = 600;
export const CARD_HEIGHT = 320;
export const CARD_SCALE = 2;

/** The colours and fonts the card is drawn in: the app's own tokens, read where it runs. */
export interface CardLook {
  panel: string;
  panel2: string;
  line: string;
  text: string;
  muted: string;
  up: string;
  down: string;
  accent: string;
  sans: string;
  mono: string;
}

/* eslint-disable lingui/no-unlocalized-strings -- CSS token names, font stacks and colours, not words */
const TOKENS: Record<keyof CardLook, string> = {
  panel: '--color-panel',
  panel2: '--color-panel-2',
  line: '--color-line',
  text: '--color-text',
  muted: '--color-muted',
  up: '--color-up',
  down: '--color-down',
  accent: '--color-accent',
  sans: '--font-sans',
  mono: '--font-mono',
};

/** Dark theme, green up: where no stylesheet is read (tests). */
const FALLBACK: CardLook = {
  panel: '#11151d',
  panel2: '#161b25',
  line: '#222a36',
  text: '#d7dde8',
  muted: '#8c96a8',
  up: '#22c55e',
  down: '#f87171',
  accent: '#2dd4bf',
  sans: 'ui-sans-serif, system-ui, sans-serif',
  mono: 'ui-monospace, monospace',
};

/**
 * The look of the app now (styles.css on <html>): the theme (dark / light) and the up / down
 * convention the trader chose, so the card reads like the screen it came from.
 */
export function currentLook(root: HTMLElement = document.documentElement): CardLook {
  const style = getComputedStyle(root);
  const look = { ...FALLBACK };
  for (const key of Object.keys(TOKENS) as (keyof CardLook)[]) {
    const v = style.getPropertyValue(TOKENS[key]).trim();
    if (v) look[key] = v;
  }
  return look;
}

/** The card's words, chosen by the view (card-words.ts). */
export interface CardText {
  product: string;
  kind: string;
  symbol: string;
  side: string;
  roeLabel: string;
  roe: string;
  pnlLabel: string;
  /** Null: the trader hid the amount. */
  pnl: string | null;
  rows: { label: string; value: string }[];
  /** Null: the trader did not choose to show it. */
  account: string | null;
}

/** `size` px, shrunk until `text` fits `max` px wide. */
function fit(ctx: CanvasRenderingContext2D, text: string, max: number, size: number, family: string, weight = 400): void {
  let px = size;
  ctx.font = `${weight} ${px}px ${family}`;
  while (px > 10 && ctx.measureText(text).width > max) {
    px -= 1;
    ctx.font = `${weight} ${px}px ${family}`;
  }
}

/** A figure: its label in the muted face at `y`, its value `below` px under it, fitted to `max` px wide. */
interface Figure {
  label: string;
  value: string;
  x: number;
  y: number;
  below: number;
  labelPx: number;
  px: number;
  weight: number;
  colour: string;
  max: number;
}

function figure(ctx: CanvasRenderingContext2D, look: CardLook, f: Figure): void {
  ctx.textAlign = 'left';
  ctx.fillStyle = look.muted;
  ctx.font = `400 ${f.labelPx}px ${look.sans}`;
  ctx.fillText(f.label, f.x, f.y);
  ctx.fillStyle = f.colour;
  fit(ctx, f.value, f.max, f.px, look.mono, f.weight);
  ctx.fillText(f.value, f.x, f.y + f.below);
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/**
 * Draws the card on a 2D context already scaled to CSS pixels: product and kind along the top,
 * symbol and side, ROE large in the profit / loss tone (its sign says it too), the PnL amount under
 * it when shown, entry / mark or exit / leverage on the right, the account at the foot when chosen.
 */
export function drawCard(ctx: CanvasRenderingContext2D, card: Pick<ShareCard, 'side' | 'tone'>, text: CardText, look: CardLook): void {
  const W = CARD_WIDTH;
  const H = CARD_HEIGHT;
  const pad = 28;
  const toneColour = card.tone === 'up' ? look.up : card.tone === 'down' ? look.down : look.text;
  const sideColour = card.side === 'long' ? look.up : look.down;

  ctx.fillStyle = look.panel;
  ctx.fillRect(0, 0, W, H);
  ctx.strokeStyle = look.line;
  ctx.lineWidth = 1;
  ctx.strokeRect(0.5, 0.5, W - 1, H - 1);
  // A band of the result's tone down the left edge.
  ctx.fillStyle = toneColour;
  ctx.fillRect(0, 0, 6, H);

  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  ctx.fillStyle = look.accent;
  ctx.font = `700 18px ${look.sans}`;
  ctx.fillText(text.product, pad, 42);
  ctx.textAlign = 'right';
  ctx.fillStyle = look.muted;
  ctx.font = `400 13px ${look.sans}`;
  ctx.fillText(text.kind, W - pad, 42);

  // Symbol, then the side and leverage in a chip.
  ctx.textAlign = 'left';
  ctx.fillStyle = look.text;
  fit(ctx, text.symbol, 300, 28, look.sans, 700);
  ctx.fillText(text.symbol, pad, 88);
  const chipX = pad + ctx.measureText(text.symbol).width + 12;
  ctx.font = `600 15px ${look.sans}`;
  const chipW = ctx.measureText(text.side).width + 16;
  ctx.globalAlpha = 0.15;
  ctx.fillStyle = sideColour;
  roundRect(ctx, chipX, 68, chipW, 26, 5);
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.fillStyle = sideColour;
  ctx.fillText(text.side, chipX + 8, 87);

  // ROE, large; the PnL amount under it when shown.
  const left = 340 - pad;
  figure(ctx, look, { label: text.roeLabel, value: text.roe, x: pad, y: 140, below: 64, labelPx: 14, px: 64, weight: 700, colour: toneColour, max: left });
  if (text.pnl !== null) figure(ctx, look, { label: text.pnlLabel, value: text.pnl, x: pad, y: 244, below: 30, labelPx: 14, px: 24, weight: 600, colour: toneColour, max: left });

  // Entry, mark or exit, leverage: label over value, in a column on the right.
  const colX = 360;
  ctx.fillStyle = look.line;
  ctx.fillRect(colX - 16, 118, 1, 160);
  text.rows.forEach((row, i) =>
    figure(ctx, look, { label: row.label, value: row.value, x: colX, y: 140 + i * 52, below: 24, labelPx: 13, px: 20, weight: 600, colour: look.text, max: W - pad - colX }),
  );

  if (text.account !== null) {
    ctx.textAlign = 'right';
    ctx.fillStyle = look.muted;
    ctx.font = `400 12px ${look.mono}`;
    ctx.fillText(text.account, W - pad, H - 16);
  }
  ctx.textAlign = 'left';
}
