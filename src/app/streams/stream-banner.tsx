import { useLingui } from '@lingui/react/macro';
import { useStreamHealth } from '../../api/react';
import { healthBanner } from '../../api/stream/stream-health';
import { healthBannerWords } from '../../ui/stream-health-words';

/**
 * Says so when live data stopped or froze, in the header's words (both read useStreamHealth); the
 * streams reconnect on their own and HTTP fills the gap.
 */
export function StreamBanner() {
  const { i18n } = useLingui();
  const market = useStreamHealth('market').health;
  const order = useStreamHealth('order').health;
  const banner = healthBanner(market, order);
  if (!banner) return null;
  return (
    <div role="status" data-testid="stream-banner" className="border-b border-warn/40 bg-warn/15 px-3 py-1 text-center text-warn">
      {healthBannerWords(banner, i18n)}
    </div>
  );
}
