import { Trans, useLingui } from '@lingui/react/macro';
import type { SymbolInfo } from '../../api/schemas';
import { show } from '../../lib/display';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { NumericInput } from '../../ui/numeric-input';
import { MarketEstimate } from './market-estimate';
import type { OrderProblem } from './order-problem';
import { orderProblemWords } from './order-problem-words';
import type { OrderFormModel } from './use-order-form';

const PERCENTS = [10, 25, 50, 75, 100];

/** The price (or the market's), the size with its unit and % buttons, and a market order's estimate and slippage. */
export function OrderPriceAndSize({ f, info }: { f: OrderFormModel; info: SymbolInfo }) {
  const { t, i18n } = useLingui();
  const { draft, summary: s } = f;
  const { validated, errors, leverageText } = s;
  const base = info.base_asset;
  const priceDp = info.price_tick_decimals;
  const markShown = show(f.ctx.mark, priceDp);
  const unit = draft.sizeUnit === 'base' ? base : 'USD';
  const otherUnit = draft.sizeUnit === 'base' ? 'USD' : base;
  const say = (e: OrderProblem | undefined) => (e ? i18n._(orderProblemWords(e)) : undefined);
  return (
    <>
      {draft.type === 'limit' ? (
        <Field
          id="order-price"
          label={t`Price`}
          error={say(errors.price)}
          suffix={
            <button type="button" className="text-accent hover:underline" onClick={f.takeMark} title={t`Use the mark price`} tabIndex={-1}>
              <Trans>Mark</Trans>
            </button>
          }
        >
          {/* Named by its label alone: the Mark button inside the label box is a control of its own. */}
          <NumericInput value={draft.price} onChange={(text) => f.act({ type: 'text', field: 'price', text })} aria-label={t`Price`} />
        </Field>
      ) : (
        <div className="flex items-center justify-between rounded border border-line bg-bg px-2 py-1.5 text-muted">
          <span>
            <Trans>Price</Trans>
          </span>
          <span className="num">
            <Trans>Market ≈ {markShown}</Trans>
          </span>
        </div>
      )}

      <Field
        id="order-size"
        label={t`Size`}
        error={say(errors.size)}
        suffix={
          <button
            type="button"
            onClick={() => f.act({ type: 'switch-unit' })}
            title={t`Size in the base asset or in USD`}
            className="text-text hover:text-accent"
            aria-label={t`${unit}, size unit: switch to ${otherUnit}`}
          >
            {unit} <span aria-hidden="true">⇄</span>
          </button>
        }
      >
        <NumericInput value={draft.size} onChange={(text) => f.act({ type: 'text', field: 'size', text })} aria-label={t`Size`} />
      </Field>
      {draft.sizeUnit === 'quote' && validated.qty && !validated.errors.size && (
        <p className="-mt-1 text-right text-[11px] text-muted num">= {show(validated.qty, info.qty_tick_decimals)} {base}</p>
      )}
      <div className="grid grid-cols-5 gap-1" aria-label={draft.reduceOnly ? t`Size as % of the reducible position` : t`Size as % of the largest order`}>
        {PERCENTS.map((p) => (
          <Button
            key={p}
            onClick={() => f.setPercent(p)}
            disabled={!s.percentEnabled}
            aria-pressed={draft.sizePct === p}
            title={draft.reduceOnly ? t`${p}% of what can still be reduced, re-sized when sent` : t`${p}% of the largest order the exchange accepts at ${leverageText}×, re-sized when sent`}
            className={draft.sizePct === p ? 'border-accent text-accent' : 'text-muted'}
          >
            {p}%
          </Button>
        ))}
      </div>

      {draft.type === 'market' && (
        <MarketEstimate
          validated={validated}
          priceDecimals={priceDp}
          slippage={
            <Field id="order-slippage" label={t`Slippage`} suffix="%" error={say(errors.slippage)} className="w-[118px] shrink-0">
              <NumericInput value={draft.slippage} onChange={f.setSlippage} title={t`How far from the mark a market order may fill: sent as its price limit`} />
            </Field>
          }
        />
      )}
    </>
  );
}
