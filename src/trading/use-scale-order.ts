// The scale order's commands as the form uses them: send a batch (the pending leverage first), and
// cancel it in one action. The batch itself lives in stores/scale-batches.ts, so it outlives the form.
import { plural, t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../api/query-keys';
import { useApi, useOrderStream } from '../api/react';
import type { Side } from '../api/schemas';
import { toWire, type Dec } from '../lib/decimal';
import { useScaleBatches, type ScaleBatch, type ScaleChildState } from '../stores/scale-batches';
import { toast } from '../stores/toasts';
import { actingAccount, useSessionStore } from '../wallet/session-store';
import { failureOutcome } from './order-outcome';
import {
  batchSummary,
  cancelableIds,
  createPacer,
  newScaleBatchId,
  placeChild,
  reconcileChild,
  runScaleBatch,
  SCALE_ORDERS_PER_SECOND,
  scaleChildBody,
  scaleChildId,
} from './scale-batch';
import { useChangeLeverageFn } from './use-account-commands';
import { usePlacesFor } from './use-order-commands';

export interface ScaleSendInput {
  side: Side;
  children: readonly { price: Dec; qty: Dec }[];
  reduceOnly: boolean;
  postOnly: boolean;
  /** A leverage the trader picked but has not applied: set first; if refused, nothing is sent. */
  leverage?: number | undefined;
}

/** Batches being sent, by id: a cancel waits for the sending to stop before it names the children. */
const running = new Map<string, Promise<unknown>>();
/** Batches the trader canceled while they were being sent. */
const canceled = new Set<string>();

const batchOf = (symbol: string): ScaleBatch | undefined => useScaleBatches.getState().bySymbol[symbol];

/** Sends and cancels the scale batch of `symbol`; `batch` is its latest, as the store has it. */
export function useScaleOrder(symbol: string) {
  const api = useApi();
  const orderStream = useOrderStream();
  const qc = useQueryClient();
  const account = useSessionStore(actingAccount);
  const changeLeverage = useChangeLeverageFn();
  const placesFor = usePlacesFor();
  const batch = useScaleBatches((s) => s.bySymbol[symbol]);

  const rereadOrders = useCallback(() => {
    if (account) void qc.invalidateQueries({ queryKey: queryKeys.user.openOrders(account) });
  }, [qc, account]);

  /** Sends the batch; resolves true when any child reached (or may have reached) the exchange. */
  const send = useCallback(
    async (input: ScaleSendInput): Promise<boolean> => {
      if (batchOf(symbol)?.sending) return false;
      const id = newScaleBatchId();
      const { put, patch } = useScaleBatches.getState();
      const children = input.children.map((c, i) => ({ clOrdId: scaleChildId(id, i), price: toWire(c.price), qty: toWire(c.qty), state: { kind: 'waiting' } as ScaleChildState }));
      put({ id, symbol, side: input.side, children, sending: true, stop: null, cancel: null });
      const setChild = (i: number, state: ScaleChildState) =>
        patch(symbol, id, (b) => ({ ...b, children: b.children.map((c, j) => (j === i ? { ...c, state } : c)) }));
      const tell = () => {
        const b = batchOf(symbol);
        if (b?.id !== id) return;
        const summary = batchSummary(b, placesFor(symbol));
        // All placed goes like any toast; a batch with a child not placed stays until read.
        toast({ ...summary, key: `scale-${id}` }, summary.kind === 'success' ? undefined : 0);
      };

      if (input.leverage !== undefined) {
        const set = await changeLeverage({ symbol, leverage: input.leverage, refused: t`Leverage not changed; scale orders not sent`, quiet: true });
        if (!set) {
          patch(symbol, id, (b) => ({ ...b, sending: false, stop: { reason: 'leverage' }, children: b.children.map((c) => ({ ...c, state: { kind: 'not-sent' } })) }));
          return false;
        }
      }

      const run = runScaleBatch({
        children,
        place: (i) => placeChild(api, orderStream, scaleChildBody({ symbol, side: input.side, reduceOnly: input.reduceOnly, postOnly: input.postOnly, clOrdId: children[i]!.clOrdId, child: children[i]! })),
        reconcile: (i) => reconcileChild(api, children[i]!.clOrdId),
        pace: createPacer(SCALE_ORDERS_PER_SECOND),
        update: setChild,
        canceled: () => canceled.has(id),
      });
      running.set(id, run);
      const { stop, reconciled } = await run.finally(() => running.delete(id));
      patch(symbol, id, (b) => ({ ...b, sending: false, stop }));
      rereadOrders();
      tell();
      // Children that got no answer are checked with the exchange; the summary is told again once known.
      const b = batchOf(symbol);
      if (b?.id === id && b.children.some((c) => c.state.kind === 'unknown')) {
        void reconciled.then(() => {
          tell();
          rereadOrders();
        });
      }
      // Anything on (or maybe on) the book: the same ladder sent again would double it.
      return b?.id === id && b.children.some((c) => c.state.kind === 'placed' || c.state.kind === 'unknown');
    },
    [api, orderStream, symbol, changeLeverage, placesFor, rereadOrders],
  );

  /**
   * Cancels every child of the batch still on (or maybe on) the book with one cancel_orders by
   * cl_ord_id (spec §4.1); one still being sent stops sending first.
   */
  const cancel = useCallback(async () => {
    const first = batchOf(symbol);
    if (!first) return;
    const { id } = first;
    canceled.add(id);
    await running.get(id)?.catch(() => undefined);
    const b = batchOf(symbol);
    if (!b || b.id !== id) return;
    const ids = cancelableIds(b);
    if (ids.length === 0) return;
    const { patch } = useScaleBatches.getState();
    const count = ids.length;
    patch(symbol, id, (x) => ({ ...x, cancel: { kind: 'sending' } }));
    try {
      await api.trade.cancelOrders({ cl_ord_id_list: ids });
      patch(symbol, id, (x) => ({ ...x, cancel: { kind: 'requested', count } }));
      toast({ kind: 'info', key: `scale-cancel-${id}`, title: t`${plural(count, { one: 'Cancel requested for # scale order', other: 'Cancel requested for # scale orders' })}` });
    } catch (e) {
      const o = failureOutcome(e);
      const message = o.kind === 'done' ? '' : o.message;
      patch(symbol, id, (x) => ({ ...x, cancel: o.kind === 'refused' ? { kind: 'refused', message } : { kind: 'unknown', message } }));
      if (o.kind === 'refused') toast({ kind: 'error', key: `scale-cancel-${id}`, title: t`Cancel of the scale orders refused`, body: message });
      else toast({ kind: 'warn', key: `scale-cancel-${id}`, title: t`No answer from the exchange: the scale orders may or may not be canceled`, body: t`${message}. Checking your open orders…` });
    }
    rereadOrders();
  }, [api, symbol, rereadOrders]);

  const dismiss = useCallback(() => useScaleBatches.getState().dismiss(symbol), [symbol]);

  return { batch, send, cancel, dismiss };
}
