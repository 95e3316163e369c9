import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useReducer, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { DepthBook, Side, SymbolInfo } from '../../api/schemas';
import { parseTypedDecimal } from '../../lib/parse-decimal-input';
import { useOrderTicket } from '../../stores/order-ticket';
import { useSignInRequest } from '../../stores/sign-in-request';
import { useTradeSettings } from '../../stores/trade-settings';
import { newClientOrderId } from '../../trading/order-commands';
import { useSubmitOrder } from '../../trading/use-order-commands';
import { buildOrderBody } from './build-order-body';
import { initialConfirm, next, type ConfirmEvent, type ConfirmState } from './order-confirm-machine';
import { initialFormDraft, reduceDraft, type DraftAction } from './order-draft';
import { draftToSend, sizeAtPercent, summarize, usesBook, type FormMarket } from './order-form-model';
import { useLatestOrderBook, useOrderBook } from '../../api/use-order-book';
import { useOrderContext } from './use-order-context';
import { useSideHotkeys } from './use-side-hotkeys';

/**
 * The order form's one hook: wires the stores and queries to the model (order-draft.ts,
 * order-form-model.ts, order-confirm-machine.ts) and hands the view what to draw and what to call.
 */
export function useOrderForm(symbol: string, info: SymbolInfo) {
  const { t } = useLingui();
  const ctx = useOrderContext(symbol);
  const requestSignIn = useSignInRequest((s) => s.request);
  const confirmMarket = useTradeSettings((s) => s.confirmMarket);
  const shortcuts = useTradeSettings((s) => s.shortcuts);
  const saveSlippage = useTradeSettings((s) => s.setSlippagePct);
  const [draft, dispatch] = useReducer(reduceDraft, undefined, () => {
    const s = useTradeSettings.getState();
    return initialFormDraft({ sizeUnit: s.sizeUnit, slippage: s.slippagePct });
  });
  const [confirm, setConfirm] = useState<ConfirmState>(initialConfirm);
  const step = useCallback((event: ConfirmEvent) => setConfirm((s) => next(s, event)), []);
  const submitOrder = useSubmitOrder();
  const submitting = submitOrder.isPending;

  // The slippage or the default size unit changed in the settings panel: the form follows, keeping
  // what the trader typed (a size already typed keeps its unit).
  useEffect(
    () =>
      useTradeSettings.subscribe((s, prev) => {
        if (s.slippagePct !== prev.slippagePct) dispatch({ type: 'settings', slippage: s.slippagePct });
        if (s.sizeUnit !== prev.sizeUnit) dispatch({ type: 'settings', sizeUnit: s.sizeUnit });
      }),
    [],
  );
  // A price clicked in the order book lands here.
  useEffect(
    () =>
      useOrderTicket.subscribe((s, prev) => {
        const i = s.intent;
        if (i && i !== prev.intent && i.symbol === symbol) dispatch({ type: 'intent', intent: i });
      }),
    [symbol],
  );
  useSideHotkeys(useCallback((side: Side) => dispatch({ type: 'side', side }), []));

  // The side an order takes from, sorted once per book snapshot and side: a market order walks it,
  // and so does a limit priced through the book (for the margin its fills take: signed in only).
  // Otherwise the form does not follow the book at all, so a fast book never delays typing.
  const needsBook = usesBook(draft, ctx);
  const book = useOrderBook(symbol, needsBook);
  const latestBook = useLatestOrderBook(symbol, needsBook);
  // The book the last action was checked against: setting a newer one than the rendered draws the
  // form again over it, so the form shows what was checked.
  const [, setCheckedBook] = useState<DepthBook | undefined>(undefined);
  const market: FormMarket = useMemo(() => ({ symbol, info, mark: ctx.mark }), [symbol, info, ctx.mark]);
  const summary = useMemo(() => summarize(draft, market, ctx, book), [draft, market, ctx, book]);
  /** The summary of `d` as of now: the rendered one unless the book moved since (or `d` is another draft). */
  const summaryNow = (d = draft) => {
    const now = latestBook();
    if (now === book && d === draft) return summary;
    if (now !== book) setCheckedBook(now);
    return summarize(d, market, ctx, now);
  };

  const setPercent = (pct: number) => dispatch({ type: 'sized', size: sizeAtPercent(draft, market, ctx, summaryNow(), pct), pct });
  const setSlippage = (text: string) => {
    dispatch({ type: 'text', field: 'slippage', text });
    const r = parseTypedDecimal(text, { maxDecimals: 2 });
    if (r.ok && r.value.gt(0)) saveSlippage(r.value.toFixed());
  };

  /** Sends the order, with the pending leverage first; `confirmed` once the trader saw what it does to the position. */
  const send = async (confirmed: boolean) => {
    if (!ctx.account) {
      requestSignIn(t`Sign in to place orders`);
      return;
    }
    dispatch({ type: 'attempted' });
    // A % size is re-sized now, and the field shows the size that goes; once the trader was asked
    // about a size (`confirmed`), that size goes as it was shown, never re-sized under them.
    const toSend = confirmed ? draft : draftToSend(draft, market, ctx, summaryNow());
    if (toSend !== draft && draft.sizePct !== null) dispatch({ type: 'sized', size: toSend.size, pct: draft.sizePct });
    const body = buildOrderBody(symbol, toSend, summaryNow(toSend).validated, newClientOrderId());
    const after = next(confirm, {
      type: 'submit',
      confirmed,
      ready: body !== null && !submitting,
      changesLeverage: summary.positionChange !== null,
      asksMarket: draft.type === 'market' && confirmMarket,
    });
    setConfirm(after);
    if (after !== 'sending' || !body) return;
    const { leverage, leverageChanged } = summary;
    try {
      const ok = await submitOrder.mutateAsync({ body, ...(leverageChanged ? { leverage: { symbol, value: leverage } } : {}) });
      if (ok) dispatch({ type: 'sent' });
    } finally {
      step({ type: 'sent' });
    }
  };

  const act = (action: DraftAction) => {
    dispatch(action);
    if (action.type === 'order-type') step({ type: 'order-type-changed' });
    if (action.type === 'text' && action.field === 'leverage') step({ type: 'leverage-edited' });
  };

  return {
    ctx,
    draft,
    summary,
    confirm,
    submitting,
    shortcuts,
    act,
    setPercent,
    setSlippage,
    /** Uses the mark as the limit price. */
    takeMark: () => ctx.mark && act({ type: 'text', field: 'price', text: ctx.mark.toFixed(info.price_tick_decimals) }),
    submit: (e: FormEvent) => {
      e.preventDefault();
      void send(false);
    },
    confirmSend: () => void send(true),
    cancelConfirm: () => step({ type: 'cancel' }),
    onKeyDown: (e: KeyboardEvent) => {
      // With shortcuts off, Enter in a field does not send and Esc does not clear.
      if (!shortcuts) {
        if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
        return;
      }
      if (e.key === 'Escape') {
        dispatch({ type: 'clear' });
        step({ type: 'clear' });
      }
    },
  };
}

export type OrderFormModel = ReturnType<typeof useOrderForm>;
