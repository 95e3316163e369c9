// Reverse a position as a mutation (reverse-position.ts): first planned from what the screen has read
// — the symbol's rules, the balance, the mark — and refused up front, in words, when it cannot be done.
import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { marketQueries, userQueries } from '../api/queries';
import { queryKeys } from '../api/query-keys';
import { useApi, useOrderStream } from '../api/react';
import type { Order, Position, SymbolInfo } from '../api/schemas';
import { dec } from '../lib/decimal';
import { show } from '../lib/display';
import { availableMargin } from '../lib/max-order-qty';
import { placesOf } from '../lib/notices';
import { reversePlan, reverseReleasedMargin, type ReversePlan, type ReverseRefusal } from '../lib/reverse-plan';
import { toast } from '../stores/toasts';
import { actingAccount, useSessionStore } from '../wallet/session-store';
import { useInFlight } from './mutation-keys';
import { reversePosition, type ReverseResult } from './reverse-position';
import { useMarketLimitFor } from './use-market-limit';

const REVERSE_KEY = ['trade', 'reverse-position'] as const;

export type ReadyReverse = Extract<ReversePlan, { ok: true }> & { position: Position };

export interface ReverseRun {
  ready: ReadyReverse;
  orders: readonly Order[];
}

/** Why a reverse cannot be sent, in the trader's words. */
function refusalWords(code: ReverseRefusal, symbol: string, info: SymbolInfo | undefined): string {
  const min = info?.min_order_qty ?? '';
  const max = info?.max_position_size ?? '';
  switch (code) {
    case 'flat':
      return t`There is no ${symbol} position to reverse.`;
    case 'below_minimum':
      return t`The position is smaller than the smallest order (${min}): it cannot be reversed, only closed.`;
    case 'position_limit':
      return t`The opposite position would be over the largest position allowed (${max}).`;
    case 'margin':
      return t`Not enough available margin to open the opposite position, even with the margin the close frees.`;
  }
}

/**
 * `prepare(position)`: the reverse planned from fresh reads (symbol rules, balance, mark), or null after
 * a toast saying why it cannot be done; `run`: sends it. `reversing`: symbols with a reverse in flight.
 */
export function useReversePosition() {
  const api = useApi();
  const orderStream = useOrderStream();
  const qc = useQueryClient();
  const marketLimitFor = useMarketLimitFor();
  const account = useSessionStore(actingAccount);

  const prepare = useCallback(
    async (position: Position): Promise<ReadyReverse | null> => {
      const { symbol } = position;
      try {
        const [infos, balance, price] = await Promise.all([
          qc.fetchQuery(marketQueries.symbolInfo(api)),
          qc.fetchQuery({ ...userQueries.balance(api, account), staleTime: 2_000 }),
          qc.fetchQuery({ ...marketQueries.symbolPrice(api, symbol), staleTime: 2_000 }),
        ]);
        const info = infos.find((s) => s.symbol === symbol);
        if (!info) throw new Error(symbol);
        const qty = dec(position.qty);
        const mark = dec(price.mark_price);
        const plan = reversePlan({
          positionQty: qty,
          qtyDecimals: info.qty_tick_decimals,
          minOrderQty: info.min_order_qty,
          maxOrderQty: info.max_order_qty,
          maxPositionSize: info.max_position_size,
          markPrice: mark,
          availableMargin: availableMargin(balance, position.margin_mode),
          releasedMargin: reverseReleasedMargin({
            marginMode: position.margin_mode,
            initialMargin: position.initial_margin,
            holdingMargin: position.holding_margin,
            upnl: position.upnl,
            qty,
            markPrice: mark,
            takerFee: info.taker_fee,
          }),
          leverage: Number(position.leverage),
          takerFee: info.taker_fee,
        });
        if (plan.ok) return { ...plan, position };
        toast({ kind: 'error', key: `reverse-${symbol}`, title: t`Reverse not sent: ${symbol}`, body: refusalWords(plan.code, symbol, info) });
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        toast({ kind: 'error', key: `reverse-${symbol}`, title: t`Reverse not sent: ${symbol}`, body: t`The symbol’s rules, the balance or the mark could not be read (${message}). Nothing was sent.` });
      }
      return null;
    },
    [api, qc, account],
  );

  const mutation = useMutation({
    mutationKey: REVERSE_KEY,
    mutationFn: async ({ ready, orders }: ReverseRun): Promise<ReverseResult> => {
      const { symbol } = ready.position;
      const infos = qc.getQueryData<SymbolInfo[]>(queryKeys.market.symbolInfo());
      // Each part's limit from the mark of the moment it is sent (the price cache the stream keeps fresh).
      const limitFor = marketLimitFor(symbol, ready.position.mark_price);
      try {
        return await reversePosition(api, orderStream, { position: ready.position, close: ready.close, open: ready.open, orders, limitFor, places: placesOf(infos, symbol) });
      } finally {
        if (account) {
          void qc.invalidateQueries({ queryKey: queryKeys.user.positions(account) });
          void qc.invalidateQueries({ queryKey: queryKeys.user.openOrders(account) });
          void qc.invalidateQueries({ queryKey: queryKeys.user.balance(account) });
        }
      }
    },
  });
  return { prepare, run: mutation };
}

/**
 * The symbols a reverse is under way for, from the first read of its preparation to its last order:
 * taken and checked in the same tick as the request, so a second request for the symbol made while
 * the first still reads (Shift+R pressed twice) finds it taken and starts nothing.
 */
const reverseClaims = new Set<string>();

/** Takes the symbol for a reverse: false when one is already under way (nothing to start then). */
export function claimReverse(symbol: string): boolean {
  if (reverseClaims.has(symbol)) return false;
  reverseClaims.add(symbol);
  return true;
}

/** Gives the symbol back once its reverse has ended (sent, refused or asked as a question). */
export function releaseReverse(symbol: string): void {
  reverseClaims.delete(symbol);
}

/** The symbols whose position a reverse is in flight for (their Reverse buttons show busy). */
export function useReversingSymbols(): ReadonlySet<string> {
  return useInFlight(REVERSE_KEY, (v: ReverseRun) => v.ready.position.symbol);
}

/** "Close 0.100 and open 0.100: 2 market orders", the size at the symbol's places, for the question. */
export function reverseSizes(ready: ReadyReverse, qtyDecimals: number): { size: string; orders: number } {
  return { size: show(ready.from.abs(), qtyDecimals), orders: ready.close.length + ready.open.length };
}

