import { json, Router } from '../http/server';

/** Spec §4.4 geo: the region the service sees the client in (configurable on the devnet). */
export function geoRoutes(o: { region: () => string; now: () => number }): Router {
  return new Router().get('/v1/region', () => json({ systemTime: o.now(), region: o.region() }));
}
