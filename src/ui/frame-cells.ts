/**
 * For rows written by hand every frame (the order book's ladder, the trades tape). A ladder's text
 * cells sit in three columns placed as the column titles' `grid grid-cols-3 px-2` places theirs; each
 * is placed and sized by its row, never by its text (absolute, strict containment), so a new text
 * lays out that cell alone: a grid or flex item is laid out with its container, and with it every row
 * around. (The tape's rows are boxes of their own instead, whose grid cells paint with the row.)
 */
/* eslint-disable lingui/no-unlocalized-strings -- Tailwind class names, not words */
const COLUMN = [
  'left-2 w-[calc((100%_-_16px)/3)] text-left',
  'left-[calc(8px_+_(100%_-_16px)/3)] w-[calc((100%_-_16px)/3)] text-right',
  'right-2 w-[calc((100%_-_16px)/3)] text-right',
] as const;

/** The class of a text cell in `column` (0 left … 2 right) of an 18 px row, with `extra` classes. */
function frameCellClass(column: 0 | 1 | 2, extra = ''): string {
  // A text wider than its cell ends in an ellipsis: clipped digits would read as another number.
  return `num absolute inset-y-0 overflow-hidden text-ellipsis whitespace-nowrap leading-[18px] [contain:strict] ${COLUMN[column]} ${extra}`.trimEnd();
}
/* eslint-enable lingui/no-unlocalized-strings */

export function frameCell(column: 0 | 1 | 2, extra = ''): HTMLSpanElement {
  return element('span', frameCellClass(column, extra));
}

/** An element of `tag` with `className`. */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  el.className = className;
  return el;
}

/**
 * Shows `text` in `el` by changing its text node's data: setting textContent would replace the node,
 * and the browser would drop and rebuild its layout object each time (every cell, every frame).
 */
export function setCellText(el: HTMLElement, text: string): void {
  const node = el.firstChild;
  if (node instanceof Text && node.nextSibling === null) node.data = text;
  else el.textContent = text;
}
