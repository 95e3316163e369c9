import { element, setCellText } from '../../ui/frame-cells';

/** A trade as its row shows it. */
export interface TradeText {
  price: string;
  qty: string;
  time: string;
  up: boolean;
}

interface Row {
  el: HTMLDivElement;
  price: HTMLSpanElement;
  qty: HTMLSpanElement;
  time: HTMLSpanElement;
  /** ▲ / ▼ beside the price: the side in shape, not colour alone (hidden from screen readers, which read `side`). */
  glyph: HTMLSpanElement;
  /** "Buy" / "Sell" for a screen reader (visually hidden). */
  side: HTMLSpanElement;
  /** What it shows now (the same object for the same trade: recent-trades.tsx formats each once). */
  shows: TradeText | null;
}

const UP_TITLE = 'Buyer took liquidity';
const PRICE_UP = 'num text-left text-up';
const PRICE_DOWN = 'num text-left text-down';
const DOWN_TITLE = 'Seller took liquidity';
const GLYPH_UP = 'absolute left-0.5 top-0 text-[7px] leading-[18px] text-up';
const GLYPH_DOWN = 'absolute left-0.5 top-0 text-[7px] leading-[18px] text-down';

/**
 * A row is a box of its own (strict containment; a block, not a flex or grid item): a new text lays
 * out that row alone. Its cells are grid items, painted with the row (no layer of their own each).
 * The side is said three ways: the price's colour, a ▲ / ▼ in the row's left gutter, and "Buy" /
 * "Sell" for a screen reader. Price, size and time stay the first three children (the bench reads them).
 */
function newRow(): Row {
  const el = element('div', 'relative grid h-[18px] grid-cols-3 items-center px-2 text-right [contain:strict]');
  el.setAttribute('role', 'listitem');
  const row: Row = {
    el,
    price: element('span', 'num text-left'),
    qty: element('span', 'num'),
    time: element('span', 'num text-muted'),
    glyph: element('span', 'absolute left-0.5 top-0 text-[7px] leading-[18px]'),
    side: element('span', 'sr-only'),
    shows: null,
  };
  row.glyph.setAttribute('aria-hidden', 'true');
  el.append(row.price, row.qty, row.time, row.glyph, row.side);
  return row;
}

function write(row: Row, t: TradeText) {
  if (row.shows === t) return;
  const was = row.shows;
  row.shows = t;
  if (was?.price !== t.price) setCellText(row.price, t.price);
  if (was?.qty !== t.qty) setCellText(row.qty, t.qty);
  if (was?.time !== t.time) setCellText(row.time, t.time);
  if (was?.up !== t.up) {
    row.price.className = t.up ? PRICE_UP : PRICE_DOWN;
    row.el.title = t.up ? UP_TITLE : DOWN_TITLE;
    row.glyph.className = t.up ? GLYPH_UP : GLYPH_DOWN;
    setCellText(row.glyph, t.up ? '▲' : '▼');
    setCellText(row.side, t.up ? 'Buy' : 'Sell');
  }
}

/**
 * The trades tape's rows, kept by hand: when k trades arrive on top, the k rows at the bottom (the
 * trades falling out of view) move to the top and take the new trades' texts; every other row
 * already shows its trade and is not touched. A busy market's frame then writes a row or two, where
 * re-rendering the rows in place rewrote every row's texts each frame, and rows keyed by trade
 * created and removed elements each frame.
 */
export class TradeTape {
  private rows: Row[] = [];

  constructor(private readonly container: HTMLElement) {}

  show(trades: readonly TradeText[]) {
    while (this.rows.length < trades.length) {
      const row = newRow();
      this.container.append(row.el);
      this.rows.push(row);
    }
    while (this.rows.length > trades.length) this.rows.pop()!.el.remove();
    // How many trades came in on top: where the trade that was on top is now.
    const top = this.rows[0]?.shows;
    const arrived = top ? trades.indexOf(top) : -1;
    for (let i = 0; i < arrived; i++) {
      const row = this.rows.pop()!;
      this.container.insertBefore(row.el, this.rows[0]!.el);
      this.rows.unshift(row);
    }
    trades.forEach((t, i) => write(this.rows[i]!, t));
  }
}
