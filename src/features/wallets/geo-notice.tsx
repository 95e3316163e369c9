import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { geoQueries } from '../../api/queries';
import { useApi } from '../../api/react';

/**
 * Regions the service does not serve; the app shows a notice (it does not block: the service
 * decides). ISO 3166-1 alpha-2 as the geo endpoint returns them. Here, not in wallet-model.ts: the
 * notice is part of every page's first paint, the wallet screens' amount rules are not.
 */
export const RESTRICTED_REGIONS: readonly string[] = ['US', 'CN'];

/** A notice (not a block: the service decides) when the geo service places the trader in a restricted region. */
export function GeoNotice() {
  const api = useApi();
  const [hidden, setHidden] = useState(false);
  const geo = useQuery({ ...geoQueries.region(api), retry: 1 });
  const region = geo.data?.region.toUpperCase();
  if (hidden || !region || !RESTRICTED_REGIONS.includes(region)) return null;
  return (
    <div role="alert" data-testid="geo-notice" className="fixed inset-x-0 bottom-0 z-40 flex items-center gap-3 border-t border-warn/50 bg-panel px-3 py-1.5 text-warn">
      <span>
        <Trans>The service sees you in a restricted region ({region}). Trading, deposits and withdrawals may be unavailable to you here.</Trans>
      </span>
      <button type="button" className="ml-auto text-muted hover:text-text" onClick={() => setHidden(true)}>
        <Trans>Dismiss</Trans>
      </button>
    </div>
  );
}
