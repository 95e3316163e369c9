import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import type { Order, Position } from '../../api/schemas';
import { dec, floorTo, type Dec } from '../../lib/decimal';
import { show } from '../../lib/display';
import { reducingSide } from '../../lib/reduce-only';
import { toast } from '../../stores/toasts';
import { useTradeSettings } from '../../stores/trade-settings';
import { useClosePosition, useMarketClose } from '../../trading/use-order-commands';
import { useReversePosition, useReversingSymbols, type ReadyReverse } from '../../trading/use-reverse-position';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { chosenAccountTab } from '../../ui/use-focus-keeper';
import { useSymbolDecimals } from './use-symbol-decimals';

/** A share of a position to close at market (100: the whole, with the market close that always works). */
export type CloseShare = 25 | 50 | 100;

type Question = { kind: 'reverse'; ready: ReadyReverse } | { kind: 'close'; position: Position; share: CloseShare; qty: Dec };

/**
 * The size a partial close by share sends: |qty| × share, on the qty tick rounded down, at least the
 * smallest order (never more than the position). Null when the position is smaller than that.
 */
export function closeShareQty(positionQty: Dec, share: CloseShare, qtyDecimals: number, minOrderQty: Dec): Dec | null {
  const whole = positionQty.abs();
  if (whole.lt(minOrderQty) || whole.isZero()) return null;
  const part = floorTo(whole.mul(share).div(100), qtyDecimals);
  return part.lt(minOrderQty) ? minOrderQty : part;
}

/**
 * Reverse and close-by-share on a position, each asked first when the settings confirm market orders:
 * `reverse(p)`, `close(p, share)`, and `dialog` to render (the question while one is open).
 */
export function usePositionActions(openOrders: readonly Order[], minOrderQtyOf: (symbol: string) => Dec) {
  const { t } = useLingui();
  const decimalsOf = useSymbolDecimals();
  const confirmMarket = useTradeSettings((s) => s.confirmMarket);
  const { prepare, run } = useReversePosition();
  const reversing = useReversingSymbols();
  const closePosition = useClosePosition();
  const marketClose = useMarketClose();
  const [question, setQuestion] = useState<Question | null>(null);

  const sendReverse = (ready: ReadyReverse) => run.mutateAsync({ ready, orders: openOrders }).catch(() => undefined);
  const sendClose = (position: Position, share: CloseShare, qty: Dec) => {
    const { symbol } = position;
    if (share === 100) return marketClose.mutateAsync({ position, orders: openOrders }).catch(() => undefined);
    const side = reducingSide(dec(position.qty));
    if (!side) return Promise.resolve();
    const qtyText = show(qty, decimalsOf(symbol).qty);
    return closePosition.mutateAsync({ symbol, side, qty, what: t`Close ${qtyText} ${symbol} at market` }).catch(() => undefined);
  };

  const reverse = async (position: Position) => {
    if (reversing.has(position.symbol)) return;
    const ready = await prepare(position);
    if (!ready) return;
    if (confirmMarket) setQuestion({ kind: 'reverse', ready });
    else await sendReverse(ready);
  };

  const close = async (position: Position | undefined, share: CloseShare, symbol: string) => {
    if (!position || dec(position.qty).isZero()) {
      toast({ kind: 'info', key: `close-${symbol}`, title: t`No ${symbol} position to close` });
      return;
    }
    const qty = closeShareQty(dec(position.qty), share, decimalsOf(position.symbol).qty, minOrderQtyOf(position.symbol));
    if (!qty) {
      toast({ kind: 'error', key: `close-${symbol}`, title: t`Close not sent: ${symbol}`, body: t`The position is smaller than the smallest order.` });
      return;
    }
    if (confirmMarket) setQuestion({ kind: 'close', position, share, qty });
    else await sendClose(position, share, qty);
  };

  const busy = run.isPending || closePosition.isPending || marketClose.isPending;
  const confirm = async () => {
    if (!question) return;
    if (question.kind === 'reverse') await sendReverse(question.ready);
    else await sendClose(question.position, question.share, question.qty);
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
  return (
    <p className="num" data-testid="close-share-question">
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
  );
}
