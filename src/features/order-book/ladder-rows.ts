import { element, frameCell, setCellText } from '../../ui/frame-cells';
import type { BookRow, BookSide } from '../../lib/book-levels';

interface RowEls {
  button: HTMLButtonElement;
  bar: HTMLSpanElement;
  price: HTMLSpanElement;
  size: HTMLSpanElement;
  total: HTMLSpanElement;
  /** What it shows now. */
  shows: BookRow | null;
}

/**
 * One side of the book's rows, kept by hand: a fixed set of row elements per side whose texts and
 * depth bar are written only where they changed. Under a busy market every row changes every frame;
 * rendering them through React added its own work per row to the writes the screen needs.
 */
export class LadderRows {
  private readonly rows: RowEls[] = [];
  private onPick: (price: string) => void = () => undefined;

  constructor(
    readonly container: HTMLElement,
    private readonly side: BookSide,
  ) {}

  show(rows: readonly BookRow[], onPick: (price: string) => void) {
    this.onPick = onPick;
    while (this.rows.length < rows.length) this.rows.push(this.newRow());
    while (this.rows.length > rows.length) this.rows.pop()!.button.remove();
    rows.forEach((r, i) => this.write(this.rows[i]!, r));
  }

  private newRow(): RowEls {
    const bids = this.side === 'bids';
    const button = document.createElement('button');
    button.type = 'button';
    button.title = 'Use this price in the order form';
    button.className = 'relative block h-[18px] w-full shrink-0 hover:bg-panel-2';
    button.dataset.testid = `book-${this.side}-row`;
    const row: RowEls = {
      button,
      bar: element('span', `absolute inset-0 origin-right ${bids ? 'bg-up/15' : 'bg-down/15'}`),
      price: frameCell(0, bids ? 'text-up' : 'text-down'),
      size: frameCell(1),
      total: frameCell(2),
      shows: null,
    };
    row.bar.setAttribute('aria-hidden', 'true');
    button.append(row.bar, row.price, row.size, row.total);
    button.addEventListener('click', () => {
      if (row.shows) this.onPick(row.shows.price);
    });
    this.container.append(button);
    return row;
  }

  private write(row: RowEls, r: BookRow) {
    const was = row.shows;
    row.shows = r;
    if (was?.priceText !== r.priceText) setCellText(row.price, r.priceText);
    if (was?.sizeText !== r.sizeText) setCellText(row.size, r.sizeText);
    if (was?.totalText !== r.totalText) setCellText(row.total, r.totalText);
    // A scale, not a width: the bar moves without laying the row out again.
    if (was?.depthPct !== r.depthPct) row.bar.style.transform = `scaleX(${r.depthPct / 100})`;
  }
}
