import { memo } from 'react';
import { formatFixed } from '../../lib/format';
import { depthPercent, type BookRow as Row, type BookSide } from './book-levels';

interface Props {
  row: Row;
  side: BookSide;
  maxTotal: Row['total'];
  priceDecimals: number;
  sizeDecimals: number;
  onPick: (price: string) => void;
}

/** One price level: click it to put the price in the order form. */
export const BookRow = memo(function BookRow({ row, side, maxTotal, priceDecimals, sizeDecimals, onPick }: Props) {
  const price = row.price.toFixed(priceDecimals);
  return (
    <button
      type="button"
      onClick={() => onPick(price)}
      title={`Use ${price} as the order price`}
      className="relative grid h-[18px] w-full shrink-0 grid-cols-3 items-center px-2 text-right hover:bg-panel-2"
      data-testid={`book-${side}-row`}
    >
      <span
        aria-hidden
        className={`absolute inset-y-0 right-0 ${side === 'bids' ? 'bg-up/15' : 'bg-down/15'}`}
        style={{ width: `${depthPercent(row.total, maxTotal)}%` }}
      />
      <span className={`num relative text-left ${side === 'bids' ? 'text-up' : 'text-down'}`}>{formatFixed(row.price, priceDecimals)}</span>
      <span className="num relative">{formatFixed(row.size, sizeDecimals)}</span>
      <span className="num relative">{formatFixed(row.total, sizeDecimals)}</span>
    </button>
  );
});
