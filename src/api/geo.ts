import { region } from './schemas';
import type { Transport } from './transport';

/** Spec §4.4 geo: the region the service sees the trader in. */
export function geoApi(t: Transport) {
  return { region: () => t.get('geoUrl', '/v1/region', region) };
}
export type GeoApi = ReturnType<typeof geoApi>;
