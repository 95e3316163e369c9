import { element, frameCell, setCellText } from '../../ui/frame-cells';
import type { BookRow, BookSide } from '../../lib/book-levels';

interface RowEls {
  row: HTMLDivElement;
  bar: HTMLSpanElement;
  price: HTMLSpanElement;
  size: HTMLSpanElement;
  total: HTMLSpanElement;
  /** The level in words for a screen reader; the cells themselves are hidden from it. */
  name: HTMLSpanElement;
  /** What it shows now. */
  shows: BookRow | null;
}

/** The rows' words, in the trader's language (book-ladder.tsx makes them; a new set renames every row). */
export interface LadderWords {
  /** The row's title: what a click does. */
  pick: string;
  /** What a level says to a screen reader: "Ask 94,847.40, size 0.070 BTC, total 0.070 BTC". */
  level: (side: BookSide, r: Pick<BookRow, 'priceText' | 'sizeText' | 'totalText'>, unit: string) => string;
}

/**
 * One side of the book's rows, kept by hand: a fixed set of row elements per side whose texts and
 * depth bar are written only where they changed. Under a busy market every row changes every frame;
 * rendering them through React added its own work per row to the writes the screen needs.
 *
 * Each row is an option of the ladder's listbox (book-ladder.tsx: one Tab stop, arrows move, Enter
 * picks): no Tab stop of its own. Its name says what the colour and the columns say, "Ask 94,847.40,
 * size 0.070 BTC, total 0.070 BTC", written with its texts, only when they change.
 */
export class LadderRows {
  private readonly rows: RowEls[] = [];
  private onPick: (price: string) => void = () => undefined;
  private unit = '';
  private words: LadderWords | null = null;

  constructor(
    readonly container: HTMLElement,
    private readonly side: BookSide,
    /** Prefix of the rows' ids (the listbox points at the active one by id). */
    private readonly idPrefix = 'book',
  ) {}

  /** The row elements, best price first. */
  get elements(): HTMLElement[] {
    return this.rows.map((r) => r.row);
  }

  show(rows: readonly BookRow[], onPick: (price: string) => void, unit: string, words: LadderWords) {
    this.onPick = onPick;
    const wordsChanged = unit !== this.unit || words !== this.words;
    if (words !== this.words) for (const r of this.rows) r.row.title = words.pick;
    this.unit = unit;
    this.words = words;
    while (this.rows.length < rows.length) this.rows.push(this.newRow(this.rows.length, words));
    while (this.rows.length > rows.length) this.rows.pop()!.row.remove();
    rows.forEach((r, i) => this.write(this.rows[i]!, r, wordsChanged, words));
  }

  private newRow(index: number, words: LadderWords): RowEls {
    const bids = this.side === 'bids';
    const rowClassName = 'relative block h-[18px] w-full shrink-0 cursor-pointer hover:bg-panel-2';
    const barClassName = `absolute inset-0 origin-right ${bids ? 'bg-up/15' : 'bg-down/15'}`;
    const el = element('div', rowClassName);
    el.id = `${this.idPrefix}-${this.side}-${index}`;
    el.setAttribute('role', 'option');
    el.title = words.pick;
    el.dataset.testid = `book-${this.side}-row`;
    const row: RowEls = {
      row: el,
      bar: element('span', barClassName),
      price: frameCell(0, bids ? 'text-up' : 'text-down'),
      size: frameCell(1),
      total: frameCell(2),
      name: element('span', 'sr-only'),
      shows: null,
    };
    // The option's name comes from its content, the words alone: an aria-label over the three number
    // cells would not contain their visible text as one string (WCAG 2.5.3, axe label-content-name-mismatch).
    for (const hidden of [row.bar, row.price, row.size, row.total]) hidden.setAttribute('aria-hidden', 'true');
    el.append(row.bar, row.price, row.size, row.total, row.name);
    el.addEventListener('click', () => {
      if (row.shows) this.onPick(row.shows.price);
    });
    this.container.append(el);
    return row;
  }

  private write(row: RowEls, r: BookRow, wordsChanged: boolean, words: LadderWords) {
    const was = row.shows;
    row.shows = r;
    let named = !wordsChanged;
    if (was?.priceText !== r.priceText) {
      setCellText(row.price, r.priceText);
      named = false;
    }
    if (was?.sizeText !== r.sizeText) {
      setCellText(row.size, r.sizeText);
      named = false;
    }
    if (was?.totalText !== r.totalText) {
      setCellText(row.total, r.totalText);
      named = false;
    }
    if (!named) setCellText(row.name, words.level(this.side, r, this.unit));
    // A scale, not a width: the bar moves without laying the row out again.
    if (was?.depthPct !== r.depthPct) row.bar.style.transform = `scaleX(${r.depthPct / 100})`;
  }
}
