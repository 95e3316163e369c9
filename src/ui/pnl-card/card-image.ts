import type { ShareCard } from '../../lib/share-card';
import { CARD_HEIGHT, CARD_SCALE, CARD_WIDTH, drawCard, type CardLook, type CardText } from './draw-card';

/** The card as a PNG, drawn at 2× its CSS size; null where the browser gives no 2D canvas or no blob. */
export function renderCardPng(card: Pick<ShareCard, 'side' | 'tone'>, text: CardText, look: CardLook): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = CARD_WIDTH * CARD_SCALE;
  canvas.height = CARD_HEIGHT * CARD_SCALE;
  let ctx: CanvasRenderingContext2D | null = null;
  try {
    ctx = canvas.getContext('2d');
  } catch {
    ctx = null;
  }
  if (!ctx) return Promise.resolve(null);
  ctx.scale(CARD_SCALE, CARD_SCALE);
  drawCard(ctx, card, text, look);
  return new Promise((resolve) => {
    try {
      canvas.toBlob((blob) => resolve(blob), 'image/png');
    } catch {
      resolve(null);
    }
  });
}

/** Saves the PNG under `filename` (an object URL clicked as a download, released after). */
export function downloadPng(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the file by the time the next task runs; a minute leaves room for slow ones.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** How a copy went: `copied`, `unsupported` (no image clipboard here), or `refused` (permission or focus), with the browser's words. */
export type CopyOutcome = { code: 'copied' } | { code: 'unsupported' } | { code: 'refused'; detail: string };

/** Puts the PNG on the clipboard (navigator.clipboard.write with a ClipboardItem). */
export async function copyPng(blob: Blob): Promise<CopyOutcome> {
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  if (!clipboard || typeof clipboard.write !== 'function' || typeof ClipboardItem === 'undefined') return { code: 'unsupported' };
  try {
    await clipboard.write([new ClipboardItem({ [blob.type || 'image/png']: blob })]);
    return { code: 'copied' };
  } catch (e) {
    return { code: 'refused', detail: e instanceof Error ? e.message : String(e) };
  }
}
