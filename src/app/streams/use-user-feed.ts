import { i18n } from '@lingui/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../api/query-keys';
import type { Order, SymbolInfo } from '../../api/schemas';
import { orderNews, placesOf } from '../../lib/notices';
import type { MarketStream } from '../../api/stream/market-stream';
import { toast } from '../../stores/toasts';
import { actingAccount, useSessionStore } from '../../wallet/session-store';
import { cachedOrder, writeOrder, writePosition, writeTrade } from './cache-writers';
import { orderToastKey } from '../../trading/order-commands';
import { noticeWords } from '../../features/toasts/notice-words';
import { announce } from './notifier';
import { isSettled, sentOrders } from '../../trading/sent-orders';
import { compareDecimalStrings } from '../../lib/decimal';
import { isoMicros } from '../../lib/time';
import { isFinalStatus } from '../../lib/order-status';

const BALANCE_REFRESH_MS = 1_000;
const SEEN_CAP = 500;

/** Whether `order` is an older state than `than` (the newest handled): updated earlier, less filled
 * (two fills in one matching tick share `updated_at`), or `than` is already final. */
const isOlderState = (order: Order, than: Order | undefined) =>
  than !== undefined && (isoMicros(order.updated_at) < isoMicros(than.updated_at) || compareDecimalStrings(order.fill_qty, than.fill_qty) < 0 || isFinalStatus(than.status));

/**
 * The signed-in account's channels into the cache: orders (open orders + history), positions,
 * trades; `balance` pushes a wallet row, not the query_balance object, so it (and every fill)
 * refreshes the balance query, at most once a second.
 */
export function useUserFeed(market: MarketStream) {
  const qc = useQueryClient();
  useEffect(() => {
    const seen = new Map<number, Order>();
    let balanceTimer: ReturnType<typeof setTimeout> | null = null;
    const account = () => actingAccount(useSessionStore.getState());
    const refreshBalance = () => {
      if (balanceTimer) return;
      balanceTimer = setTimeout(() => {
        balanceTimer = null;
        const a = account();
        if (a) void qc.invalidateQueries({ queryKey: queryKeys.user.balance(a) });
      }, BALANCE_REFRESH_MS);
    };
    const heard = (order: Order) => {
      const a = account();
      if (!a) return;
      const sent = sentOrders.get(order.cl_ord_id);
      // A state older than the newest one handled (a read-back answered after the fill's push, a late
      // push after the read-back told the fill) is not news and is written nowhere: it would put a
      // filled order back in Open orders, or tell its fill twice.
      if (isOlderState(order, seen.get(order.id)) || (sent && isOlderState(order, sent.told))) return;
      // An order this tab sent is told against what the trader was told of it, never against a cache
      // a read-back may have refreshed unheard.
      const prev = sent ? sent.told : (seen.get(order.id) ?? cachedOrder(qc, a, order.id));
      const news = orderNews(prev, order, placesOf(qc.getQueryData<SymbolInfo[]>(queryKeys.market.symbolInfo()), order.symbol));
      if (sent) sent.told = order;
      // In the language of the moment: a toast keeps the words it was raised with.
      if (news?.toast) toast({ kind: news.toast.kind, rank: news.toast.rank, ...noticeWords(news.toast.message, i18n), key: orderToastKey(order.cl_ord_id) });
      if (news?.notice) announce(news.notice);
      seen.delete(order.id);
      seen.set(order.id, order);
      if (seen.size > SEEN_CAP) seen.delete(seen.keys().next().value as number);
      writeOrder(qc, a, order);
      refreshBalance();
    };
    const offs = [
      market.onUser('order', heard),
      // Subscribed (again): fills of orders this tab sent that no push told are read back (loaded
      // only then: nothing to read back before this tab sends an order). A chunk that fails to load
      // leaves it to the next subscribe.
      market.onAuth((ok) => {
        if (ok && sentOrders.size > 0)
          import('../../trading/missed-fills')
            .then((m) => m.readBackMissedFills({ orders: sentOrders, isSettled, account }, heard))
            .catch(() => undefined);
      }),
      market.onUser('position', (pos) => {
        const a = account();
        if (!a) return;
        writePosition(qc, a, pos);
        refreshBalance();
      }),
      market.onUser('trade', (trade) => {
        const a = account();
        if (!a) return;
        writeTrade(qc, a, trade);
        refreshBalance();
      }),
      market.onUser('balance', () => refreshBalance()),
    ];
    return () => {
      for (const off of offs) off();
      if (balanceTimer) clearTimeout(balanceTimer);
    };
  }, [market, qc]);
}
