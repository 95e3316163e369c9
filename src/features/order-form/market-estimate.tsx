import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { show } from '../../lib/display';
import { orderProblemWords } from './order-problem-words';
import type { ValidatedOrder } from './order-validation';

/**
 * What the book says a market order would fill at, before it is sent: the average price and its
 * impact against the best price; the slippage the trader allows and the price limit it makes,
 * which the order carries; or why it would not fill.
 */
export function MarketEstimate({ validated, priceDecimals, slippage }: { validated: ValidatedOrder; priceDecimals: number; slippage: ReactNode }) {
  const { t, i18n } = useLingui();
  const { fill, marketLimit, errors } = validated;
  const average = fill?.averagePrice ? show(fill.averagePrice, priceDecimals) : null;
  const impact = fill?.impact ? fill.impact.mul(100).toFixed(2) : null;
  const limit = marketLimit ? show(marketLimit, priceDecimals) : null;
  return (
    <div className="-mt-1 space-y-1 text-[11px]">
      <p className="num text-muted" data-testid="market-estimate" title={t`Walks the order book for the size (followed at least 4 times a second): size-weighted average price, and how far it is from the best price`}>
        {average !== null && impact !== null ? t`Est. fill ≈ ${average} · impact ${impact} %` : t`Est. fill —`}
      </p>
      <div className="flex items-center justify-between gap-2">
        {slippage}
        {limit !== null && (
          <span className="num text-muted" data-testid="market-limit" title={t`The worst price the order may fill at, sent with it: the mark ± the slippage, within the exchange's band`}>
            <Trans>Limit {limit}</Trans>
          </span>
        )}
      </div>
      {errors.fill && (
        <p role="alert" className="text-error">
          {i18n._(orderProblemWords(errors.fill))}
        </p>
      )}
    </div>
  );
}
