import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SymbolInfo, TimeInForce } from '../../api/schemas';
import { show } from '../../lib/display';
import { Field } from '../../ui/field';
import { NumericInput } from '../../ui/numeric-input';
import type { OrderProblem } from './order-problem';
import { orderProblemWords } from './order-problem-words';
import type { OrderFormModel } from './use-order-form';

// GTC and IOC are the exchange's codes, the same in every language.
const TIFS: { value: TimeInForce; label: MessageDescriptor | string; title: MessageDescriptor }[] = [
  { value: 'gtc', label: 'GTC', title: msg`Good till canceled: rests on the book until filled or canceled` },
  { value: 'ioc', label: 'IOC', title: msg`Immediate or cancel: fills what it can now, cancels the rest` },
  { value: 'alo', label: msg`Post only`, title: msg`Add liquidity only (ALO): rejected if it would take liquidity` },
];

/** Reduce-only, TP/SL with their prices, and a limit order's time in force. */
export function OrderOptions({ f, info }: { f: OrderFormModel; info: SymbolInfo }) {
  const { t, i18n } = useLingui();
  const { draft, summary: s } = f;
  const buy = draft.side === 'buy';
  const tifText = (label: MessageDescriptor | string) => (typeof label === 'string' ? label : i18n._(label));
  const tifTitle = TIFS.find((x) => x.value === draft.tif)?.title;
  const reducible = show(f.ctx.reduceHeadroom, info.qty_tick_decimals);
  const base = info.base_asset;
  const say = (e: OrderProblem | undefined) => (e ? i18n._(orderProblemWords(e)) : undefined);
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <label className="flex items-center gap-1.5" title={t`Only shrinks your position; never opens or grows one`}>
          <input type="checkbox" checked={draft.reduceOnly} onChange={(e) => f.act({ type: 'reduce-only', on: e.target.checked })} className="accent-[var(--color-accent)]" />
          <Trans>Reduce only</Trans>
        </label>
        <label className="flex items-center gap-1.5" title={t`Take-profit / stop-loss orders created when this order fills`}>
          <input type="checkbox" checked={draft.tpsl} onChange={(e) => f.act({ type: 'tpsl', on: e.target.checked })} className="accent-[var(--color-accent)]" />
          <Trans>TP/SL</Trans>
        </label>
        {draft.type === 'limit' && (
          <select
            value={draft.tif}
            onChange={(e) => f.act({ type: 'tif', tif: e.target.value as TimeInForce })}
            aria-label={t`Time in force`}
            title={tifTitle && i18n._(tifTitle)}
            className="ml-auto rounded border border-line bg-bg px-1 py-0.5"
          >
            {TIFS.map((x) => (
              <option key={x.value} value={x.value} title={i18n._(x.title)}>
                {tifText(x.label)}
              </option>
            ))}
          </select>
        )}
      </div>
      {draft.reduceOnly && f.ctx.account && (
        <p className="-mt-1 text-[11px] text-muted">
          <Trans>
            Can reduce: <span className="num">{reducible}</span> {base}
          </Trans>
        </p>
      )}

      {draft.tpsl && (
        <div className="grid grid-cols-1 gap-1">
          <Field id="order-tp" label={t`TP price`} error={say(s.errors.tp)}>
            <NumericInput value={draft.tp} onChange={(text) => f.act({ type: 'text', field: 'tp', text })} placeholder={buy ? t`above entry` : t`below entry`} />
          </Field>
          <Field id="order-sl" label={t`SL price`} error={say(s.errors.sl)}>
            <NumericInput value={draft.sl} onChange={(text) => f.act({ type: 'text', field: 'sl', text })} placeholder={buy ? t`below entry` : t`above entry`} />
          </Field>
          <p className="text-[11px] leading-tight text-muted">
            <Trans>Triggered by the mark price; each closes what this order filled.</Trans>
          </p>
        </div>
      )}
    </>
  );
}
