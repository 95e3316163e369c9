// Modify an open order (price, size) from the open-orders table or by dragging its chart line: the
// cancel-and-replace machine (modify-order-machine.ts) run with the real effects, its every state kept
// where the table and the chart can read it, and told in the order's toast.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { create } from 'zustand';
import type { ApiClient } from '../api/client';
import { isApiError } from '../api/errors';
import { queryKeys } from '../api/query-keys';
import { useApi, useOrderStream } from '../api/react';
import type { Order } from '../api/schemas';
import { toWire, type Dec } from '../lib/decimal';
import { toast } from '../stores/toasts';
import { actingAccount, useSessionStore } from '../wallet/session-store';
import { replacementBody, runModify, type ModifyEffects, type ModifyState, type OrderRead } from './modify-order-machine';
import { canPlaceAgain, describeModify, type ModifyDecimals } from './modify-order-words';
import { newClientOrderId, newOrderSends, orderToastKey, overStream } from './order-commands';
import { orderOutcome, type OutcomeSource } from './order-outcome';
import type { OrderPath } from './order-path';
import { usePlaceOrderMutationFn } from './use-order-commands';

export const modifyOrderKey = ['trade', 'modify-order'] as const;

interface ModifiesState {
  /** The latest state of each modify, by the original order's id; kept after it ends until dismissed. */
  byOrder: Readonly<Record<number, ModifyState>>;
  set: (s: ModifyState) => void;
  dismiss: (orderId: number) => void;
}

/**
 * Modifies outlive the row that started them (the original leaves Open orders once canceled), so
 * their states live here, in the trade layer beside the machine whose states they are.
 */
const useModifies = create<ModifiesState>((set) => ({
  byOrder: {},
  set: (s) => set((st) => ({ byOrder: { ...st.byOrder, [s.request.order.id]: s } })),
  dismiss: (id) =>
    set((st) => {
      const { [id]: _gone, ...rest } = st.byOrder;
      return { byOrder: rest };
    }),
}));

/** Every modify under way or ended and not yet dismissed. */
export function useOrderModifies(): Readonly<Record<number, ModifyState>> {
  return useModifies((s) => s.byOrder);
}

export const dismissModify = (orderId: number) => useModifies.getState().dismiss(orderId);

/** Reads give up after MAX_READS; between them a growing pause (the service settles within a round trip). */
const pause = (attempt: number) => new Promise<void>((r) => setTimeout(r, 250 * attempt));

function readOrder(api: ApiClient) {
  return async (id: { order_id: number } | { cl_ord_id: string }): Promise<OrderRead> => {
    try {
      return { kind: 'found', order: await api.user.queryOrder(id) };
    } catch (e) {
      if (isApiError(e) && e.status === 404) return { kind: 'missing' };
      return { kind: 'failed', message: e instanceof Error ? e.message : String(e) };
    }
  };
}

/**
 * The real effects. The cancel and the new order take the way every order command takes
 * (order-commands.ts `overStream`, order-path.ts): over the logged-in order stream, else over HTTP
 * with the stream's session id; either way their outcome comes from the order stream
 * (order-outcome.ts), which tells a refusal from no answer — the machine needs the two apart. The
 * way is chosen at each step: the stream may drop between the cancel and the new order. `path`
 * forces one (tests).
 */
export function modifyEffects(api: ApiClient, stream: OutcomeSource | null, path?: OrderPath): ModifyEffects {
  return {
    cancel: (o) =>
      orderOutcome({
        send: (sessionId) => api.trade.cancelOrder({ order_id: o.id }, sessionId),
        sendOnStream: overStream(api, stream, path, (s, signer, at) => s.cancelOrder({ order_id: o.id }, signer, at)),
        stream,
      }),
    readOrder: readOrder(api),
    place: (body) =>
      orderOutcome({
        ...newOrderSends(api, stream, path, body),
        stream,
      }),
    pause,
  };
}

export interface ModifyOrderInput {
  order: Order;
  price: Dec;
  qty: Dec;
  minQty: string;
  decimals: ModifyDecimals;
}

/** The modify command: one per order at a time (a second one for the same order is refused). */
export function useModifyOrder() {
  const api = useApi();
  const stream = useOrderStream();
  const qc = useQueryClient();
  const account = useSessionStore(actingAccount);
  return useMutation({
    mutationKey: modifyOrderKey,
    mutationFn: async ({ order, price, qty, minQty, decimals }: ModifyOrderInput): Promise<ModifyState> => {
      const current = useModifies.getState().byOrder[order.id];
      if (current && current.phase !== 'over') return current;
      // The margin mode goes with the replacement so the service places it as the original was, or
      // says why not; it cannot change while the original is open.
      const marginMode = await api.user.queryPositionConfig(order.symbol).then(
        (c) => c.margin_mode,
        () => undefined,
      );
      const key = orderToastKey(order.cl_ord_id);
      const onState = (s: ModifyState) => {
        useModifies.getState().set(s);
        const words = describeModify(s, decimals);
        // Above the stream's own "Canceled" (rank 2) while it lasts, and the end above everything.
        toast({ kind: words.kind, key, rank: s.phase === 'over' ? 3 : 2, title: words.title, body: words.body }, s.phase === 'over' && words.kind !== 'success' ? 12_000 : undefined);
      };
      const request = { order, price: toWire(price), qty: toWire(qty), clOrdId: newClientOrderId(), minQty, ...(marginMode ? { marginMode } : {}) };
      try {
        const end = await runModify(request, modifyEffects(api, stream), onState);
        // Only an ending that leaves the trader something to do stays listed; the toast tells the rest.
        if (!canPlaceAgain(end.result)) dismissModify(order.id);
        return end;
      } finally {
        if (account) void qc.invalidateQueries({ queryKey: queryKeys.user.openOrders(account) });
      }
    },
  });
}

/**
 * The trader's values of a modify whose original is canceled and whose replacement is not on the
 * book, sent again as a fresh order (a new client order id: the first may yet be found). Dismissed
 * once placed.
 */
export function usePlaceAgain() {
  const place = usePlaceOrderMutationFn();
  return useCallback(
    async (s: ModifyState) => {
      const qty = s.replacement?.qty ?? s.request.qty;
      const body = { ...replacementBody(s.request, qty), cl_ord_id: newClientOrderId() };
      const placed = await place({ body });
      if (placed) dismissModify(s.request.order.id);
      return placed;
    },
    [place],
  );
}
