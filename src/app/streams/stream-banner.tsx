import { useStreamHealth } from '../../api/react';
import { healthBanner } from '../../api/stream/stream-health';

/**
 * Says so when live data stopped or froze, in the header's words (both read useStreamHealth); the
 * streams reconnect on their own and HTTP fills the gap.
 */
export function StreamBanner() {
  const market = useStreamHealth('market').health;
  const order = useStreamHealth('order').health;
  const text = healthBanner(market, order);
  if (!text) return null;
  return (
    <div role="status" data-testid="stream-banner" className="border-b border-warn/40 bg-warn/15 px-3 py-1 text-center text-warn">
      {text}
    </div>
  );
}
