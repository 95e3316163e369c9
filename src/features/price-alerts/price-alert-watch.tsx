import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import type { PriceTick } from '../../api/schemas';
import type { MarketStream } from '../../api/stream/market-stream';
import { dec } from '../../lib/decimal';
import { priceAlertNotice, placesOf, type Notice } from '../../lib/notices';
import { fireAt } from '../../lib/price-alert';
import { usePriceAlerts } from '../../stores/price-alerts';
import { PriceAlertsDialog } from './price-alerts-dialog';

/**
 * Watches the armed alerts' markets on the market stream's `price` channel and fires each alert once,
 * on the tick that reaches its level (price-alert.ts): `onFired` tells the trader (a toast, and a sound
 * or notification as the settings say). Also shows the Price alerts dialog when it is asked for.
 */
export function PriceAlertWatch({ market, onFired }: { market: MarketStream | null; onFired: (notice: Notice) => void }) {
  const api = useApi();
  const info = useQuery(marketQueries.symbolInfo(api)).data;
  const armed = usePriceAlerts((s) => [...new Set(s.alerts.filter((a) => a.firedAt === undefined).map((a) => a.symbol))].sort().join(','));
  const dialog = usePriceAlerts((s) => s.dialog);
  const close = usePriceAlerts((s) => s.close);

  useEffect(() => {
    if (!market || armed === '') return;
    const check = (tick: PriceTick) => {
      const { alerts, fired } = usePriceAlerts.getState();
      const now = Date.now();
      const hits = fireAt(alerts, tick.symbol, 'mark', dec(tick.mark_price), now);
      if (tick.last_price) hits.push(...fireAt(alerts, tick.symbol, 'last', dec(tick.last_price), now));
      if (hits.length === 0) return;
      fired(hits);
      for (const a of hits) onFired(priceAlertNotice(a, placesOf(info, a.symbol).price));
    };
    const offs = armed.split(',').map((symbol) => market.subscribe('price', symbol, check));
    return () => {
      for (const off of offs) off();
    };
  }, [market, armed, info, onFired]);

  return dialog ? <PriceAlertsDialog key={`${dialog.symbol}|${dialog.price ?? ''}`} symbol={dialog.symbol} startPrice={dialog.price} onClose={close} /> : null;
}
