import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useReducer, type KeyboardEvent, type ReactNode } from 'react';
import type { SymbolInfo } from '../../api/schemas';
import { show, showUsd } from '../../lib/display';
import { useSignInRequest } from '../../stores/sign-in-request';
import { useTradeSettings } from '../../stores/trade-settings';
import { twapsOf, useTwapStore } from '../../stores/twap-store';
import { isActive } from '../../lib/twap-record';
import { newClientOrderId } from '../../trading/order-commands';
import { startTwap } from '../../trading/twap-machine';
import { useChangeLeverageFn } from '../../trading/use-account-commands';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { NumericInput } from '../../ui/numeric-input';
import { Segmented } from '../../ui/segmented';
import { initialTwapDraft, reduceTwapDraft, type DurationUnit, type TwapSplit } from './twap-draft';
import { fieldError, summarizeTwap, type TwapField } from './twap-model';
import { twapProblemWords } from './twap-words';
import { spanWords } from './twap-time';
import type { OrderFormModel } from './use-order-form';

const UNITS: DurationUnit[] = ['s', 'min', 'h'];

/**
 * The TWAP tab: a total cut into IOC slices over a duration, each capped at a slippage from the
 * mark (model: twap-draft.ts, twap-model.ts; the runner and its progress: twap-panel.tsx).
 */
export function TwapOrderForm({ f, symbol, info }: { f: OrderFormModel; symbol: string; info: SymbolInfo }) {
  const { t, i18n } = useLingui();
  const [draft, dispatch] = useReducer(reduceTwapDraft, undefined, () => initialTwapDraft(useTradeSettings.getState().slippagePct));
  const requestSignIn = useSignInRequest((s) => s.request);
  const changeLeverage = useChangeLeverageFn();
  const side = f.draft.side;
  const buy = side === 'buy';
  const leverage = Number.isFinite(f.summary.leverage) ? f.summary.leverage : f.summary.currentLeverage;
  const { ctx } = f;
  const s = useMemo(
    () =>
      summarizeTwap(draft, { symbol, info, mark: ctx.mark }, { side, positionQty: ctx.positionQty, reduceHeadroom: ctx.reduceHeadroom, available: ctx.available, leverage }),
    [draft, symbol, info, ctx.mark, side, ctx.positionQty, ctx.reduceHeadroom, ctx.available, leverage],
  );
  const say = (field: TwapField) => {
    const e = fieldError(s, draft, field);
    return e ? i18n._(twapProblemWords(e)) : undefined;
  };
  const going = useTwapStore(twapsOf(ctx.account)).some(isActive);
  const base = info.base_asset;
  const qd = info.qty_tick_decimals;

  const start = async () => {
    const account = ctx.account;
    if (!account) {
      requestSignIn(t`Sign in to start a TWAP`);
      return;
    }
    dispatch({ type: 'attempted' });
    if (!s.start) return;
    if (f.summary.leverageChanged) {
      const set = await changeLeverage({ symbol, leverage, refused: t`Leverage not changed; TWAP not started`, quiet: true });
      if (!set) return;
    }
    useTwapStore.getState().add(startTwap({ ...s.start, id: newClientOrderId(), account }, Date.now()));
    dispatch({ type: 'started' });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && e.target instanceof HTMLInputElement && e.target.type !== 'checkbox') {
      e.preventDefault();
      void start();
    }
  };
  const p = s.preview;
  const total = show(s.start?.total ?? '0', qd);
  const formError = say('form');
  const sliceSize = p ? show(p.sliceSize, qd) : '';
  const interval = p ? i18n._(spanWords(p.intervalMs)) : '';
  const duration = p ? i18n._(spanWords(p.durationMs)) : '';
  const slices = p?.slices ?? 0;

  return (
    <div className="flex flex-col gap-2" onKeyDown={onKeyDown} data-testid="twap-form">
      <Field id="twap-size" label={t`Total size`} error={say('size')} suffix={base}>
        <NumericInput value={draft.size} onChange={(text) => dispatch({ type: 'text', field: 'size', text })} aria-label={t`Total size`} />
      </Field>
      <Field
        id="twap-duration"
        label={t`Duration`}
        error={say('duration')}
        suffix={
          <select
            value={draft.durationUnit}
            onChange={(e) => dispatch({ type: 'duration-unit', unit: e.target.value as DurationUnit })}
            aria-label={t`Duration unit`}
            className="bg-bg text-text"
          >
            {UNITS.map((u) => (
              <option key={u} value={u}>
                {u === 's' ? t`s` : u === 'min' ? t`min` : t`h`}
              </option>
            ))}
          </select>
        }
      >
        <NumericInput value={draft.duration} onChange={(text) => dispatch({ type: 'text', field: 'duration', text })} aria-label={t`Duration`} />
      </Field>
      <Segmented
        kind="choice"
        label={t`Split by`}
        look="pill"
        choices={[
          { value: 'slices', label: t`Number of slices` },
          { value: 'interval', label: t`Interval` },
        ]}
        value={draft.split}
        onChange={(split: TwapSplit) => dispatch({ type: 'split', split })}
        className="-mb-1 flex items-center gap-1 text-[11px]"
      />
      <div className="grid grid-cols-2 gap-2">
        {draft.split === 'slices' ? (
          <Field id="twap-slices" label={t`Slices`} error={say('slices')}>
            <NumericInput value={draft.slices} onChange={(text) => dispatch({ type: 'text', field: 'slices', text })} aria-label={t`Slices`} />
          </Field>
        ) : (
          <Field id="twap-interval" label={t`Every`} error={say('interval')} suffix={t`s`}>
            <NumericInput
              value={draft.interval}
              onChange={(text) => dispatch({ type: 'text', field: 'interval', text })}
              aria-label={t`Every (seconds between slices)`}
            />
          </Field>
        )}
        <Field id="twap-slippage" label={t`Slippage`} error={say('slippage')} suffix="%">
          <NumericInput
            value={draft.slippage}
            onChange={(text) => dispatch({ type: 'text', field: 'slippage', text })}
            aria-label={t`Slippage cap per slice`}
            title={t`Slippage cap per slice: how far from the mark a slice may fill`}
          />
        </Field>
      </div>
      <label className="flex items-center gap-1.5" title={t`Only shrinks your position; never opens or grows one`}>
        <input type="checkbox" checked={draft.reduceOnly} onChange={(e) => dispatch({ type: 'reduce-only', on: e.target.checked })} className="accent-[var(--color-accent)]" />
        <Trans>Reduce only</Trans>
        {draft.reduceOnly && ctx.account && (
          <span className="ml-auto text-[11px] text-muted">
            <Trans>
              Can reduce: <span className="num">{show(ctx.reduceHeadroom, qd)}</span> {base}
            </Trans>
          </span>
        )}
      </label>
      {formError && (
        <p role="alert" className="text-[11px] text-error">
          {formError}
        </p>
      )}

      {ctx.account ? (
        <Button variant={buy ? 'buy' : 'sell'} size="lg" onClick={() => void start()} data-testid="twap-start">
          {buy ? t`Start TWAP: buy ${symbol}` : t`Start TWAP: sell ${symbol}`}
        </Button>
      ) : (
        <Button variant="primary" size="lg" onClick={() => void start()} data-testid="twap-start">
          <Trans>Sign in to trade</Trans>
        </Button>
      )}

      <dl className="space-y-0.5 text-[11px]" data-testid="twap-preview">
        {p && (
          <>
            <Row label={t`Each slice`}>
              {t`${sliceSize} ${base} every ${interval}`}
            </Row>
            <Row label={t`Slices`}>{t`${slices} over ${duration}`}</Row>
            <Row label={t`Est. value`}>{p.notional ? `${showUsd(p.notional)} USD` : '—'}</Row>
            {!draft.reduceOnly && <Row label={t`Margin + fee at ${leverage}×`}>{p.margin ? `${showUsd(p.margin)} USD` : '—'}</Row>}
            <Row label={t`Never more than`}>
              {total} {base}
            </Row>
          </>
        )}
      </dl>
      <p className="text-[11px] text-muted">
        <Trans>Each slice is an immediate-or-cancel limit at the mark ± the slippage cap; what it does not fill carries to the next slice.</Trans>
      </p>
      {/* The TWAP panel under the form says it too while one is going. */}
      {!going && (
        <p className="text-[11px] font-medium text-warn" data-testid="twap-tab-note">
          <Trans>Runs only while this tab is open.</Trans>
        </p>
      )}
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-2">
      <dt className="text-muted">{label}</dt>
      <dd className="num text-right">{children}</dd>
    </div>
  );
}
