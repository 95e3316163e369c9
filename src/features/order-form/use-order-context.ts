import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { marketQueries, userQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { dec } from '../../lib/decimal';
import { reduceOnlyHeadroom } from '../../lib/reduce-only';
import { actingAccount, useSessionStore } from '../../wallet/session-store';

/** Everything the order form reads from the shared cache for one symbol, the book aside (api/use-order-book.ts). */
export function useOrderContext(symbol: string) {
  const api = useApi();
  const account = useSessionStore(actingAccount);
  const signedIn = account !== null;
  // The mark alone: a price tick that leaves it where it was does not rebuild the form's context.
  const mark = useQuery(marketQueries.markPrice(api, symbol)).data;
  const positions = useQuery(userQueries.positions(api, account));
  const openOrders = useQuery(userQueries.openOrders(api, account));
  const balance = useQuery(userQueries.balance(api, account));
  const config = useQuery(userQueries.positionConfig(api, account, symbol));

  return useMemo(() => {
    const position = signedIn ? positions.data?.find((p) => p.symbol === symbol && !dec(p.qty).isZero()) : undefined;
    const orders = signedIn ? (openOrders.data?.result ?? []) : [];
    const positionQty = position ? dec(position.qty) : dec(0);
    return {
      account,
      mark: mark !== undefined ? dec(mark) : null,
      position,
      positions: signedIn ? (positions.data ?? []) : [],
      balance: signedIn ? balance.data : undefined,
      positionQty,
      ordersInSymbol: orders.filter((o) => o.symbol === symbol),
      reduceHeadroom: reduceOnlyHeadroom({ symbol, positionQty, orders }),
      available: signedIn && balance.data ? dec(balance.data.cross_available) : null,
      config: signedIn ? config.data : undefined,
      configError: config.error,
    };
  }, [account, signedIn, symbol, mark, positions.data, openOrders.data, balance.data, config.data, config.error]);
}
