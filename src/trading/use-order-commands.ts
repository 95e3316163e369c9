// Order commands as mutations. New orders from every screen (order form, a position's close, a take
// profit) share one mutation function — as Vertex's useExecutePlaceOrder / useExecuteClosePosition
// share usePlaceOrderMutationFn — so the client order id, the toast key and waiting for the outcome
// on the order stream are written once (order-commands.ts).
import { plural, t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { marketQueries } from '../api/queries';
import { queryKeys } from '../api/query-keys';
import { useApi, useOrderStream } from '../api/react';
import type { NewOrderBody, Order, Position, Side, SymbolInfo } from '../api/schemas';
import type { Dec } from '../lib/decimal';
import { placesOf, type SymbolPlaces } from '../lib/notices';
import { useAccountCommandRunner } from './account-command';
import { mutationKeys, useInFlight } from './mutation-keys';
import { cancelOrder, describeOrder, placeOrder, reduceOrderBody } from './order-commands';
import { closeAllPositions, marketClose, setPositionTpsl, type CloseSplit, type MarketCloseInput, type PositionTpslInput } from './position-commands';
import { useChangeLeverageFn } from './use-account-commands';
import { actingAccount, useSessionStore } from '../wallet/session-store';

/** A symbol's places from the query_symbol_info the trade page has read, for the toasts' words. */
export function usePlacesFor(): (symbol: string) => SymbolPlaces {
  const qc = useQueryClient();
  return useCallback((symbol: string) => placesOf(qc.getQueryData<SymbolInfo[]>(queryKeys.market.symbolInfo()), symbol), [qc]);
}

export interface PlaceOrderInput {
  body: NewOrderBody;
  /** The toasts' words ("Close 0.5 BTC-USD at market"); by default the order described. */
  what?: string;
}

/** new_order over HTTP, its outcome from the order stream; resolves true unless the service refused it. */
export function usePlaceOrderMutationFn() {
  const api = useApi();
  const orderStream = useOrderStream();
  const placesFor = usePlacesFor();
  return useCallback(
    ({ body, what }: PlaceOrderInput) => placeOrder(api, orderStream, body, what ?? describeOrder(body, placesFor(body.symbol))),
    [api, orderStream, placesFor],
  );
}

export interface SubmitOrderInput extends PlaceOrderInput {
  /** A leverage the trader picked but has not applied: set first; if refused, the order is not sent. */
  leverage?: { symbol: string; value: number };
}

/** The order form's submit: the pending leverage first, then the order. */
export function useSubmitOrder() {
  const place = usePlaceOrderMutationFn();
  const changeLeverage = useChangeLeverageFn();
  return useMutation({
    mutationKey: mutationKeys.submitOrder,
    mutationFn: async ({ leverage, ...order }: SubmitOrderInput) => {
      if (leverage) {
        const set = await changeLeverage({ symbol: leverage.symbol, leverage: leverage.value, refused: t`Leverage not changed; order not sent`, quiet: true });
        if (!set) return false;
      }
      return place(order);
    },
  });
}

export interface ClosePositionInput {
  symbol: string;
  /** The side that reduces the position (sell for a long). */
  side: Side;
  qty: Dec;
  /** A resting reduce-only limit at this price; at market without one. */
  price?: Dec;
  what: string;
}

/** A reduce-only order that shrinks a position: Close at market, Close at a limit, a take profit. */
export function useClosePosition() {
  const place = usePlaceOrderMutationFn();
  return useMutation({
    mutationKey: mutationKeys.closePosition,
    mutationFn: ({ what, ...order }: ClosePositionInput) => place({ body: reduceOrderBody(order), what }),
  });
}

/**
 * Market close that always works (decisions.md "TP/SL and position protection"): the reduce-only
 * orders blocking the headroom are canceled, then the whole size goes at market, reduce-only.
 */
export function useMarketClose() {
  const api = useApi();
  const orderStream = useOrderStream();
  const refresh = useRefreshPositions();
  const placesFor = usePlacesFor();
  const splitsFor = useSplitsFor();
  return useMutation({
    mutationKey: mutationKeys.marketClose,
    mutationFn: async (input: MarketCloseInput) => {
      const splitFor = await splitsFor();
      return marketClose(api, orderStream, { places: placesFor(input.position.symbol), recheck: refresh, split: splitFor(input.position.symbol), ...input }).finally(refresh);
    },
  });
}

/**
 * Each symbol's max_order_qty and qty tick (query_symbol_info, read again when stale), to split a close
 * larger than one order may be; a symbol not listed (or the list not readable) closes in one order.
 */
function useSplitsFor(): () => Promise<(symbol: string) => CloseSplit | undefined> {
  const api = useApi();
  const qc = useQueryClient();
  return useCallback(async () => {
    const infos = await qc.fetchQuery(marketQueries.symbolInfo(api)).catch(() => qc.getQueryData<SymbolInfo[]>(queryKeys.market.symbolInfo()));
    return (symbol: string) => {
      const info = infos?.find((s) => s.symbol === symbol);
      if (!info || !/^\d+(\.\d+)?$/.test(info.max_order_qty ?? '') || !Number.isInteger(info.qty_tick_decimals)) return undefined;
      return { maxOrderQty: info.max_order_qty, qtyDecimals: info.qty_tick_decimals };
    };
  }, [api, qc]);
}

/** Every listed position closed with the market close above, each reported. */
export function useCloseAllPositions() {
  const api = useApi();
  const orderStream = useOrderStream();
  const refresh = useRefreshPositions();
  const placesFor = usePlacesFor();
  const splitsFor = useSplitsFor();
  return useMutation({
    mutationKey: mutationKeys.closeAllPositions,
    mutationFn: async (input: { positions: readonly Pick<Position, 'symbol' | 'qty'>[]; orders: readonly Order[] }) => {
      const splitFor = await splitsFor();
      return closeAllPositions(api, orderStream, { ...input, placesFor, splitFor, recheck: refresh }).finally(refresh);
    },
  });
}

/** Whole-position TP and/or SL (reduce-only, qty "0"); sending again replaces them. */
export function useSetPositionTpsl() {
  const api = useApi();
  const orderStream = useOrderStream();
  return useMutation({ mutationKey: mutationKeys.setPositionTpsl, mutationFn: (input: PositionTpslInput) => setPositionTpsl(api, orderStream, input) });
}

/** The symbols whose position a close is in flight for (its Close buttons show busy). */
export function useClosingSymbols(): ReadonlySet<string> {
  const limit = useInFlight(mutationKeys.closePosition, (v: ClosePositionInput) => v.symbol);
  const market = useInFlight(mutationKeys.marketClose, (v: MarketCloseInput) => v.position.symbol);
  const all = useInFlight(mutationKeys.closeAllPositions, (v: { positions: readonly Pick<Position, 'symbol'>[] }) => v.positions.map((p) => p.symbol));
  return new Set([...limit, ...market, ...[...all].flat()]);
}

/** Positions and open orders re-read after a close: the user stream says the same, this is its backstop. */
function useRefreshPositions() {
  const qc = useQueryClient();
  const account = useSessionStore(actingAccount);
  return useCallback(() => {
    if (!account) return;
    void qc.invalidateQueries({ queryKey: queryKeys.user.positions(account) });
    void qc.invalidateQueries({ queryKey: queryKeys.user.openOrders(account) });
  }, [qc, account]);
}

/** cancel_order for one open order; several rows may be canceling at once (see useCancelingOrderIds). */
export function useCancelOrder() {
  const api = useApi();
  const orderStream = useOrderStream();
  const placesFor = usePlacesFor();
  return useMutation({ mutationKey: mutationKeys.cancelOrder, mutationFn: (o: Order) => cancelOrder(api, orderStream, o, placesFor(o.symbol)) });
}

/** The ids of the orders whose cancel is in flight. */
export function useCancelingOrderIds(): ReadonlySet<number> {
  return useInFlight(mutationKeys.cancelOrder, (o: Order) => o.id);
}

/**
 * cancel_orders: all listed orders at once ("Cancel all" in the open orders). `refused`: the title of
 * a refusal ("Cancel all refused"), in the caller's words.
 */
export function useCancelOrders() {
  const api = useApi();
  const run = useAccountCommandRunner();
  return useMutation({
    mutationKey: mutationKeys.cancelOrders,
    mutationFn: ({ orders, refused }: { orders: readonly Pick<Order, 'id'>[]; refused?: string }) => {
      const count = orders.length;
      return run({
        send: () => api.trade.cancelOrders({ order_id_list: orders.map((o) => o.id) }),
        words: {
          done: t`${plural(count, { one: 'Cancel requested for # order', other: 'Cancel requested for # orders' })}`,
          refused: refused ?? t`Cancel refused`,
          unknown: t`${plural(count, { one: 'No answer from the exchange: the cancel of # order may or may not have gone through', other: 'No answer from the exchange: the cancel of # orders may or may not have gone through' })}`,
        },
        refresh: (account) => [queryKeys.user.openOrders(account)],
        doneKind: 'info',
      });
    },
  });
}
