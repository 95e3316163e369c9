import { useLingui } from '@lingui/react/macro';
import { useMemo, useReducer, type KeyboardEvent } from 'react';
import type { SymbolInfo } from '../../api/schemas';
import { isLiveStatus } from '../../lib/order-status';
import { useSignInRequest } from '../../stores/sign-in-request';
import { useScaleOrder } from '../../trading/use-scale-order';
import { emptyScaleDraft, reduceScaleDraft, type ScaleAction } from './scale-draft';
import { summarizeScale, type ScaleAccount } from './scale-model';
import type { OrderFormModel } from './use-order-form';

/**
 * The scale form's one hook: its draft, the summary over the order form's side, leverage and
 * account (scale-model.ts), and sending / canceling the batch (trading/use-scale-order.ts).
 */
export function useScaleForm(f: OrderFormModel, symbol: string, info: SymbolInfo) {
  const { t } = useLingui();
  const [draft, dispatch] = useReducer(reduceScaleDraft, emptyScaleDraft);
  const requestSignIn = useSignInRequest((s) => s.request);
  const scale = useScaleOrder(symbol);
  const { ctx, summary: s } = f;
  const side = f.draft.side;
  const openOrders = ctx.ordersInSymbol.filter((o) => isLiveStatus(o.status)).length;
  const account: ScaleAccount = useMemo(
    () => ({ signedIn: ctx.account !== null, positionQty: ctx.positionQty, reduceHeadroom: ctx.reduceHeadroom, openOrders, marginAvailable: s.marginAvailable }),
    [ctx.account, ctx.positionQty, ctx.reduceHeadroom, openOrders, s.marginAvailable],
  );
  const market = useMemo(() => ({ info, mark: ctx.mark }), [info, ctx.mark]);
  const summary = useMemo(() => summarizeScale(draft, side, s.leverage, market, account), [draft, side, s.leverage, market, account]);
  const sending = scale.batch?.sending === true;

  const send = async () => {
    if (!ctx.account) {
      requestSignIn(t`Sign in to place orders`);
      return;
    }
    dispatch({ type: 'attempted' });
    if (!summary.ready || !summary.children || sending) return;
    const ok = await scale.send({
      side,
      children: summary.children,
      reduceOnly: draft.reduceOnly,
      postOnly: draft.postOnly,
      leverage: s.leverageChanged ? s.leverage : undefined,
    });
    // Some children went (all, or some before a refusal): the total is cleared, so Enter again
    // does not send the same ladder on top of them.
    if (ok) dispatch({ type: 'sent' });
  };

  return {
    draft,
    summary,
    side,
    batch: scale.batch,
    sending,
    act: (a: ScaleAction) => dispatch(a),
    send: () => void send(),
    /** Cancels the batch, then puts the focus on the From price (the button it came from may be gone). */
    cancelBatch: () => void scale.cancel().finally(() => document.getElementById('scale-from')?.focus()),
    dismissBatch: scale.dismiss,
    /** Enter in a scale field sends the scale, Esc clears it; with shortcuts off neither. */
    onKeyDown: (e: KeyboardEvent) => {
      const field = e.target instanceof HTMLInputElement && e.target.type === 'text';
      if (e.key === 'Enter' && field) {
        e.preventDefault();
        if (f.shortcuts) void send();
      } else if (e.key === 'Escape' && f.shortcuts) dispatch({ type: 'clear' });
    },
  };
}

export type ScaleFormModel = ReturnType<typeof useScaleForm>;
