import { memo } from 'react';
import type { BookRow as Row, BookSide } from './book-levels';

interface Props extends Row {
  side: BookSide;
  onPick: (price: string) => void;
}

/**
 * One price level: click it to put the price in the order form. Its texts come ready from
 * buildBook, so a frame's render only compares strings and React touches the text that changed.
 */
export const BookRow = memo(function BookRow({ price, priceText, sizeText, totalText, depthPct, side, onPick }: Props) {
  return (
    <button
      type="button"
      onClick={() => onPick(price)}
      // One title for every row: a per-price title would be rewritten on every row each frame.
      title="Use this price in the order form"
      className="relative grid h-[18px] w-full shrink-0 grid-cols-3 items-center px-2 text-right hover:bg-panel-2"
      data-testid={`book-${side}-row`}
    >
      <span aria-hidden className={`absolute inset-y-0 right-0 ${side === 'bids' ? 'bg-up/15' : 'bg-down/15'}`} style={{ width: `${depthPct}%` }} />
      <span className={`num relative text-left ${side === 'bids' ? 'text-up' : 'text-down'}`}>{priceText}</span>
      <span className="num relative">{sizeText}</span>
      <span className="num relative">{totalText}</span>
    </button>
  );
});
