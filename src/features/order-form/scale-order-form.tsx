import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SymbolInfo } from '../../api/schemas';
import { show, showUsd } from '../../lib/display';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { NumericInput } from '../../ui/numeric-input';
import { Segmented, type Choice } from '../../ui/segmented';
import type { ScaleDistribution } from '../../lib/scale-plan';
import { SummaryRow } from './order-summary';
import { ScaleBatchPanel } from './scale-batch-panel';
import type { ScaleField } from './scale-model';
import { DISTRIBUTIONS, scaleErrorWords } from './scale-words';
import { useScaleForm } from './use-scale-form';
import type { OrderFormModel } from './use-order-form';

/**
 * A scale (ladder) order: from / to price, how many orders, the total size and how it is shared; a
 * preview of every child with what they cost; one send for the batch, and the batch's outcome with
 * its Cancel. The model is scale-model.ts, the commands trading/use-scale-order.ts.
 */
export function ScaleOrderForm({ f, symbol, info }: { f: OrderFormModel; symbol: string; info: SymbolInfo }) {
  const { t, i18n } = useLingui();
  const m = useScaleForm(f, symbol, info);
  const { draft, summary: s } = m;
  const base = info.base_asset;
  const pd = info.price_tick_decimals;
  const qd = info.qty_tick_decimals;
  const buy = m.side === 'buy';
  const say = (field: ScaleField) => {
    const e = s.shown[field];
    return e ? i18n._(scaleErrorWords(e)) : undefined;
  };
  const text = (field: 'from' | 'to' | 'count' | 'total') => (value: string) => m.act({ type: 'text', field, text: value });
  const distributions: Choice<ScaleDistribution>[] = DISTRIBUTIONS.map((d) => ({ value: d.value, label: i18n._(d.label), title: i18n._(d.title) }));
  const n = s.count ?? s.children?.length ?? 0;
  const sendLabel =
    n >= 2
      ? buy
        ? t`Place ${plural(n, { one: '# buy order', other: '# buy orders' })}`
        : t`Place ${plural(n, { one: '# sell order', other: '# sell orders' })}`
      : buy
        ? t`Place buy orders`
        : t`Place sell orders`;
  const leverage = Number.isFinite(f.summary.leverage) ? f.summary.leverage : f.summary.currentLeverage;
  const feePct = s.feeRate.mul(100).toFixed();
  const tot = s.totals;
  const crossing = s.crossing;
  const formError = say('form');
  const maxCount = s.maxCount;

  return (
    <div className="flex flex-col gap-2" onKeyDown={m.onKeyDown} data-testid="scale-form">
      <div className="grid grid-cols-2 gap-1">
        <Field id="scale-from" label={t({ message: 'From', context: 'scale order price' })} error={say('from')}>
          <NumericInput value={draft.from} onChange={text('from')} aria-label={t`From price`} />
        </Field>
        <Field id="scale-to" label={t({ message: 'To', context: 'scale order price' })} error={say('to')}>
          <NumericInput value={draft.to} onChange={text('to')} aria-label={t`To price`} />
        </Field>
        <Field id="scale-count" label={t`Orders`} error={say('count')}>
          <NumericInput value={draft.count} onChange={text('count')} aria-label={t`Number of orders`} title={t`From 2 to ${maxCount} (the market's open-order limit less your open orders)`} />
        </Field>
        <Field id="scale-total" label={t`Total`} suffix={base} error={say('total')}>
          <NumericInput value={draft.total} onChange={text('total')} aria-label={t`Total size`} />
        </Field>
      </div>
      <Segmented
        kind="choice"
        label={t`Size distribution`}
        look="joined"
        choices={distributions}
        value={draft.distribution}
        onChange={(distribution) => m.act({ type: 'distribution', distribution })}
        className="flex divide-x divide-line rounded border border-line"
        itemClassName="flex-1"
      />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <label className="flex items-center gap-1.5" title={t`Only shrinks your position; never opens or grows one`}>
          <input type="checkbox" checked={draft.reduceOnly} onChange={(e) => m.act({ type: 'reduce-only', on: e.target.checked })} className="accent-[var(--color-accent)]" />
          <Trans>Reduce only</Trans>
        </label>
        <label className="flex items-center gap-1.5" title={t`Add liquidity only (ALO): an order that would take liquidity is refused`}>
          <input type="checkbox" checked={draft.postOnly} onChange={(e) => m.act({ type: 'post-only', on: e.target.checked })} className="accent-[var(--color-accent)]" />
          <Trans>Post only</Trans>
        </label>
      </div>

      {formError && (
        <p role="alert" className="text-[11px] text-error">
          {formError}
        </p>
      )}

      {s.children && (
        <div className="max-h-40 overflow-auto rounded border border-line" tabIndex={0} role="region" aria-label={t`Scale orders preview`}>
          <table className="w-full text-[11px]" data-testid="scale-preview">
            <thead className="sticky top-0 bg-panel text-muted">
              <tr>
                <th className="px-1.5 text-left font-normal">#</th>
                <th className="px-1.5 text-right font-normal">{t`Price`}</th>
                <th className="px-1.5 text-right font-normal">{t`Size (${base})`}</th>
                <th className="px-1.5 text-right font-normal">{t`Value (USD)`}</th>
              </tr>
            </thead>
            <tbody>
              {s.children.map((c, i) => (
                <tr key={i} data-testid="scale-preview-row">
                  <td className="px-1.5 text-muted num">{i + 1}</td>
                  <td className={`px-1.5 text-right num ${buy ? 'text-up' : 'text-down'}`}>{show(c.price, pd)}</td>
                  <td className="px-1.5 text-right num">{show(c.qty, qd)}</td>
                  <td className="px-1.5 text-right num">{showUsd(c.notional)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {crossing > 0 && (
        <p className="text-[11px] text-warn" role="note">
          {draft.postOnly
            ? t`${plural(crossing, { one: '# order is', other: '# orders are' })} at or through the mark: post-only, it is refused if it would take`
            : t`${plural(crossing, { one: '# order is', other: '# orders are' })} at or through the mark: it may fill at once, at the taker fee`}
        </p>
      )}

      <div className="space-y-0.5" data-testid="scale-totals">
        <SummaryRow label={t`Average price`} title={t`Size-weighted average of the orders' prices`} value={tot ? show(tot.avgPrice, pd) : '—'} />
        <SummaryRow label={t`Order value`} title={t`Σ size × price of the orders`} value={tot ? `${showUsd(tot.notional)} USD` : '—'} />
        <SummaryRow label={t`Margin required`} title={t`Order value / leverage (${leverage}×)`} value={tot?.margin ? `${showUsd(tot.margin)} USD` : '—'} />
        <SummaryRow label={t`Fees (maker, est.)`} title={t`Order value × ${feePct}%: the orders rest, so they pay the maker fee when filled`} value={tot ? `${showUsd(tot.fee)} USD` : '—'} />
      </div>
      {f.ctx.account ? (
        <Button variant={buy ? 'buy' : 'sell'} size="lg" onClick={m.send} busy={m.sending} busyLabel={t`Sending…`} keepFocusWhileBusy data-testid="scale-submit">
          {sendLabel}
        </Button>
      ) : (
        <Button variant="primary" size="lg" onClick={m.send} data-testid="scale-submit">
          <Trans>Sign in to trade</Trans>
        </Button>
      )}
      {m.batch && <ScaleBatchPanel batch={m.batch} orders={f.ctx.ordersInSymbol} info={info} onCancel={m.cancelBatch} onDismiss={m.dismissBatch} />}
      <p className="keyboard-hint text-[11px] text-muted">{f.shortcuts ? t`Enter sends the scale · Esc clears it` : t`Keyboard shortcuts are off (settings ⚙)`}</p>
    </div>
  );
}
