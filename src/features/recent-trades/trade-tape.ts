import { element, setCellText } from '../../ui/frame-cells';

/** The tape's words, in the trader's language (recent-trades.tsx makes them; a new set rewrites every row's). */
export interface TapeWords {
  /** The row's title when the buyer took liquidity, and when the seller did. */
  upTitle: string;
  downTitle: string;
  /** The side for a screen reader. */
  buy: string;
  sell: string;
}

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

const priceUpClassName = 'num text-left text-up';
const priceDownClassName = 'num text-left text-down';
const glyphUpClassName = 'absolute left-0.5 top-0 text-[7px] leading-[18px] text-up';
const glyphDownClassName = 'absolute left-0.5 top-0 text-[7px] leading-[18px] text-down';
const rowClassName = 'relative grid h-[18px] grid-cols-3 items-center px-2 text-right [contain:strict]';
const priceClassName = 'num text-left';
const timeClassName = 'num text-muted';
const glyphClassName = 'absolute left-0.5 top-0 text-[7px] leading-[18px]';

/**
 * A row is a box of its own (strict containment; a block, not a flex or grid item): a new text lays
 * out that row alone. Its cells are grid items, painted with the row (no layer of their own each).
 * The side is said three ways: the price's colour, a ▲ / ▼ in the row's left gutter, and "Buy" /
 * "Sell" for a screen reader. Price, size and time stay the first three children (the bench reads them).
 */
function newRow(): Row {
  const el = element('div', rowClassName);
  el.setAttribute('role', 'listitem');
  const row: Row = {
    el,
    price: element('span', priceClassName),
    qty: element('span', 'num'),
    time: element('span', timeClassName),
    glyph: element('span', glyphClassName),
    side: element('span', 'sr-only'),
    shows: null,
  };
  row.glyph.setAttribute('aria-hidden', 'true');
  el.append(row.price, row.qty, row.time, row.glyph, row.side);
  return row;
}

function write(row: Row, t: TradeText, words: TapeWords, wordsChanged: boolean) {
  if (row.shows === t && !wordsChanged) return;
  const was = row.shows;
  row.shows = t;
  if (was?.price !== t.price) setCellText(row.price, t.price);
  if (was?.qty !== t.qty) setCellText(row.qty, t.qty);
  if (was?.time !== t.time) setCellText(row.time, t.time);
  if (was?.up !== t.up) {
    row.price.className = t.up ? priceUpClassName : priceDownClassName;
    row.glyph.className = t.up ? glyphUpClassName : glyphDownClassName;
    setCellText(row.glyph, t.up ? '▲' : '▼');
  }
  if (was?.up !== t.up || wordsChanged) {
    row.el.title = t.up ? words.upTitle : words.downTitle;
    setCellText(row.side, t.up ? words.buy : words.sell);
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
  private words: TapeWords | null = null;

  constructor(private readonly container: HTMLElement) {}

  show(trades: readonly TradeText[], words: TapeWords) {
    const wordsChanged = words !== this.words;
    this.words = words;
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
    trades.forEach((t, i) => write(this.rows[i]!, t, words, wordsChanged));
  }
}
