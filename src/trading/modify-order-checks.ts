import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { marketQueries, userQueries } from '../api/queries';
import { useApi } from '../api/react';
import type { Order } from '../api/schemas';
import { dec } from '../lib/decimal';
import { availableMargin } from '../lib/max-order-qty';
import { checkOrderEdit, type EditCheck, type EditRules } from '../lib/order-edit-checks';
import { reduceOnlyHeadroom } from '../lib/reduce-only';
import { actingAccount, useSessionStore } from '../wallet/session-store';

export interface ModifyOrderChecks {
  /** The edited price and size checked against the symbol's rules, the account and the mark. */
  check: (priceText: string, sizeText: string) => EditCheck;
  rules: EditRules | null;
}

/**
 * What a modify of `order` is checked against, read from the shared cache: the symbol's rules, its
 * mark, the position, the other orders (reduce-only headroom) and the margin available. Both ways to
 * modify — the table's editor and the chart's drag — check the same way.
 */
export function useModifyOrderChecks(order: Order | null): ModifyOrderChecks {
  const api = useApi();
  const account = useSessionStore(actingAccount);
  const symbol = order?.symbol ?? '';
  const info = useQuery(marketQueries.symbolInfo(api));
  const price = useQuery({ ...marketQueries.symbolPrice(api, symbol), enabled: order !== null });
  const positions = useQuery(userQueries.positions(api, account));
  const openOrders = useQuery(userQueries.openOrders(api, account));
  const balance = useQuery(userQueries.balance(api, account));
  const config = useQuery({ ...userQueries.positionConfig(api, account, symbol), enabled: order !== null });

  const rules = useMemo((): EditRules | null => {
    const i = info.data?.find((s) => s.symbol === symbol);
    if (!i) return null;
    return {
      symbol,
      base: i.base_asset,
      priceDecimals: i.price_tick_decimals,
      qtyDecimals: i.qty_tick_decimals,
      minQty: i.min_order_qty,
      maxQty: i.max_order_qty,
      maxPositionSize: i.max_position_size,
      priceCapRatio: i.price_cap_ratio,
      priceFloorRatio: i.price_floor_ratio,
      takerFee: i.taker_fee,
    };
  }, [info.data, symbol]);

  const check = useCallback(
    (priceText: string, sizeText: string): EditCheck => {
      if (!order || !rules) return { errors: { price: { code: 'rules-not-loaded' } }, price: null, qty: null, unchanged: false };
      const position = positions.data?.find((p) => p.symbol === symbol && !dec(p.qty).isZero());
      const positionQty = position ? dec(position.qty) : dec(0);
      const orders = openOrders.data?.result ?? [];
      return checkOrderEdit(order, priceText, sizeText, rules, {
        mark: price.data ? dec(price.data.mark_price) : null,
        positionQty,
        reduceHeadroom: reduceOnlyHeadroom({ symbol, positionQty, orders, excludeOrderId: order.id }),
        available: balance.data ? availableMargin(balance.data, config.data?.margin_mode ?? 'cross') : null,
      });
    },
    [order, rules, symbol, positions.data, openOrders.data, price.data, balance.data, config.data],
  );
  return { check, rules };
}
