import { show } from '../../lib/display';
import type { ValidatedOrder } from './order-validation';

/**
 * What the book says a market order would fill at, before it is sent: the average price and its
 * impact against the best price, and the price limit the order carries; or why it would not fill.
 */
export function MarketEstimate({ validated, priceDecimals }: { validated: ValidatedOrder; priceDecimals: number }) {
  const { fill, marketLimit, errors } = validated;
  return (
    <div className="-mt-1 space-y-0.5 text-[11px]">
      <div className="flex justify-between gap-2 text-muted">
        <span className="num" data-testid="market-estimate" title="Walks the order book for the size: size-weighted average price, and how far it is from the best price">
          {fill?.averagePrice && fill.impact
            ? `Est. fill ≈ ${show(fill.averagePrice, priceDecimals)} · impact ${fill.impact.mul(100).toFixed(2)} %`
            : 'Est. fill —'}
        </span>
        {marketLimit && (
          <span className="num" data-testid="market-limit" title="The worst price the order may fill at, sent with it: the mark ± the slippage">
            Limit {show(marketLimit, priceDecimals)}
          </span>
        )}
      </div>
      {errors.fill && (
        <p role="alert" className="text-down">
          {errors.fill}
        </p>
      )}
    </div>
  );
}
