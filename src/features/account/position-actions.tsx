import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import type { Order, Position } from '../../api/schemas';
import { dec, floorTo, type Dec } from '../../lib/decimal';
import { show } from '../../lib/display';
import { toast } from '../../stores/toasts';
import { useTradeSettings } from '../../stores/trade-settings';
import { useMarketLimitFor } from '../../trading/use-market-limit';
import { useMarketClose } from '../../trading/use-order-commands';
import { claimReverse, releaseReverse, useReversePosition, useReversingSymbols, type ReadyReverse } from '../../trading/use-reverse-position';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { chosenAccountTab } from '../../ui/use-focus-keeper';
import { useSymbolDecimals } from './use-symbol-decimals';

/** A share of a position to close at market (100: the whole, with the market close that always works). */
export type CloseShare = 25 | 50 | 100;

type Question = { kind: 'reverse'; ready: ReadyReverse } | { kind: 'close'; position: Position; share: CloseShare; qty: Dec };

/**
 * The size a close by share sends: |qty| × share on the qty tick, rounded down — never more than
 * asked. Not sent (`ok: false`): `no_rules` when the symbol's smallest order is not known yet;
 * `below_minimum` when the position itself is smaller than the smallest order; `share_below_minimum`
 * when the share is (raising it to the minimum would close more than asked).
 */
export type ShareQty = { ok: true; qty: Dec } | { ok: false; code: 'no_rules' | 'below_minimum' | 'share_below_minimum'; exact?: Dec };

export function closeShareQty(positionQty: Dec, share: CloseShare, qtyDecimals: number, minOrderQty: Dec | undefined): ShareQty {
  if (!minOrderQty) return { ok: false, code: 'no_rules' };
  const whole = positionQty.abs();
  if (whole.isZero() || whole.lt(minOrderQty)) return { ok: false, code: 'below_minimum' };
  const exact = whole.mul(share).div(100);
  const part = floorTo(exact, qtyDecimals);
  if (part.isZero() || part.lt(minOrderQty)) return { ok: false, code: 'share_below_minimum', exact };
  return { ok: true, qty: part };
}

/**
 * Reverse and close-by-share on a position, each asked first when the settings confirm market orders:
 * `reverse(p)`, `close(p, share)`, and `dialog` to render (the question while one is open).
 * `minOrderQtyOf`: the symbol's min_order_qty, undefined while its rules are not loaded.
 */
export function usePositionActions(openOrders: readonly Order[], minOrderQtyOf: (symbol: string) => Dec | undefined) {
  const { t } = useLingui();
  const api = useApi();
  const infos = useQuery(marketQueries.symbolInfo(api)).data;
  const decimalsOf = useSymbolDecimals();
  const confirmMarket = useTradeSettings((s) => s.confirmMarket);
  const { prepare, run } = useReversePosition();
  const reversing = useReversingSymbols();
  const marketClose = useMarketClose();
  const limitFor = useMarketLimitFor();
  const [question, setQuestion] = useState<Question | null>(null);

  /** One reverse per symbol at a time: taken before anything is read, given back once it has ended. */
  const once = async (symbol: string, work: () => Promise<unknown>) => {
    if (!claimReverse(symbol)) {
      toast({ kind: 'info', key: `reverse-busy-${symbol}`, title: t`Already reversing ${symbol}: this request was ignored` });
      return;
    }
    try {
      await work();
    } finally {
      releaseReverse(symbol);
    }
  };
  const sendReverse = (ready: ReadyReverse) => run.mutateAsync({ ready, orders: openOrders }).catch(() => undefined);
  const sendClose = (position: Position, share: CloseShare, qty: Dec) => {
    if (share === 100) return marketClose.mutateAsync({ position, orders: openOrders }).catch(() => undefined);
    // A share: that size, reduce-only, within the trader's slippage cap (as a reverse), the protection
    // left in place; split by max_order_qty like the whole close.
    return marketClose.mutateAsync({ position, orders: openOrders, qty, limitFor: limitFor(position.symbol, position.mark_price) }).catch(() => undefined);
  };

  const reverse = (position: Position) =>
    once(position.symbol, async () => {
      if (reversing.has(position.symbol)) return;
      const ready = await prepare(position);
      if (!ready) return;
      if (confirmMarket) setQuestion({ kind: 'reverse', ready });
      else await sendReverse(ready);
    });

  const close = async (position: Position | undefined, share: CloseShare, symbol: string) => {
    if (!position || dec(position.qty).isZero()) {
      toast({ kind: 'info', key: `close-${symbol}`, title: t`No ${symbol} position to close` });
      return;
    }
    const d = decimalsOf(position.symbol);
    const loaded = infos?.some((i) => i.symbol === position.symbol) === true;
    const min = loaded ? minOrderQtyOf(position.symbol) : undefined;
    // The whole needs no rules (Close at market always works); a share needs the smallest order and the step.
    const sized = share === 100 && !min ? ({ ok: true, qty: dec(position.qty).abs() } as const) : closeShareQty(dec(position.qty), share, d.qty, min);
    if (!sized.ok) {
      const whole = show(dec(position.qty).abs(), d.qty);
      const exact = sized.exact?.toFixed() ?? '';
      const smallest = min ? show(min, d.qty) : '';
      const body =
        sized.code === 'no_rules'
          ? t`The symbol’s rules (its smallest order and size step) have not loaded yet, so the size could not be worked out: nothing was sent. Try again in a moment.`
          : sized.code === 'below_minimum'
            ? t`The position is smaller than the smallest order.`
            : t`${share} % of ${whole} is ${exact}, below the smallest order (${smallest}): nothing was sent, so as not to close more than asked.`;
      toast({ kind: 'error', key: `close-${symbol}`, title: t`Close not sent: ${symbol}`, body });
      return;
    }
    if (confirmMarket) setQuestion({ kind: 'close', position, share, qty: sized.qty });
    else await sendClose(position, share, sized.qty);
  };

  const busy = run.isPending || marketClose.isPending;
  const confirm = async () => {
    if (!question) return;
    if (question.kind === 'reverse') {
      const { ready } = question;
      await once(ready.position.symbol, () => sendReverse(ready));
    } else await sendClose(question.position, question.share, question.qty);
    setQuestion(null);
  };
  const dialog: ReactNode = question && (
    <ConfirmDialog
      title={question.kind === 'reverse' ? t`Reverse the position at market?` : t`Close at market?`}
      confirmLabel={question.kind === 'reverse' ? t`Reverse` : t`Close`}
      confirmVariant="sell"
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => !busy && setQuestion(null)}
      fallbackFocus={() => sameButton(question) ?? chosenAccountTab()}
    >
      {question.kind === 'reverse' ? <ReverseWhat ready={question.ready} /> : <CloseWhat position={question.position} share={question.share} qty={question.qty} />}
    </ConfirmDialog>
  );
  return { reverse, close, dialog, reversing };
}

/**
 * The position's row is drawn anew once it flips (a new position): the question hands the focus to
 * the same button of the row now there, when its opener is gone.
 */
function sameButton(q: Question): HTMLElement | null {
  const symbol = q.kind === 'reverse' ? q.ready.position.symbol : q.position.symbol;
  const key = q.kind === 'reverse' ? 'reverse' : 'market-close';
  return document.querySelector<HTMLElement>(`[data-position-symbol="${CSS.escape(symbol)}"] [data-focus-key="${key}"]`);
}

/** What a reverse will send: from which position to which, in how many orders, and what happens if one fails. */
function ReverseWhat({ ready }: { ready: ReadyReverse }) {
  const { t } = useLingui();
  const decimalsOf = useSymbolDecimals();
  const slippage = useTradeSettings((s) => s.slippagePct);
  const { symbol } = ready.position;
  const d = decimalsOf(symbol);
  const size = show(ready.from.abs(), d.qty);
  const base = d.base;
  const count = ready.close.length + ready.open.length;
  const long = ready.from.gt(0);
  return (
    <div className="space-y-2" data-testid="reverse-question">
      <p className="num font-medium">
        {long ? (
          <Trans>
            {symbol}: long {size} {base} → short {size} {base}
          </Trans>
        ) : (
          <Trans>
            {symbol}: short {size} {base} → long {size} {base}
          </Trans>
        )}
      </p>
      <p className="text-muted">
        {t`Reduce-only market orders close ${size} ${base} first, then market orders open ${size} ${base} on the other side, each within your ${slippage} % slippage cap.`}{' '}
        {t`${plural(count, { one: 'In all: # order.', other: 'In all: # orders.' })}`}
      </p>
      <p className="text-muted">
        <Trans>If an order is refused or fills short, nothing more is sent: you are left smaller than asked, never larger, and told where the position is.</Trans>
      </p>
    </div>
  );
}

/** What a close by share will send. */
function CloseWhat({ position, share, qty }: { position: Position; share: CloseShare; qty: Dec }) {
  const decimalsOf = useSymbolDecimals();
  const d = decimalsOf(position.symbol);
  const size = show(qty, d.qty);
  const whole = show(dec(position.qty).abs(), d.qty);
  const { symbol } = position;
  const base = d.base;
  const slippage = useTradeSettings((s) => s.slippagePct);
  return (
    <div className="space-y-2" data-testid="close-share-question">
      <p className="num">
        {dec(position.qty).gt(0) ? (
          <Trans>
            {symbol} long {whole} {base}: close {share} % = {size} {base}, reduce-only at market.
          </Trans>
        ) : (
          <Trans>
            {symbol} short {whole} {base}: close {share} % = {size} {base}, reduce-only at market.
          </Trans>
        )}
      </p>
      {share !== 100 && (
        <p className="text-muted">
          <Trans>Within your {slippage} % slippage cap: what the book cannot fill within it stays open.</Trans>
        </p>
      )}
    </div>
  );
}
