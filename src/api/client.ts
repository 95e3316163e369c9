import { authApi } from './auth';
import { geoApi } from './geo';
import { marketApi } from './market';
import { tradeApi } from './trade';
import { Transport, type TransportOptions } from './transport';
import { userApi } from './user';
import { walletApi } from './wallet';

/** The typed client of the whole service (spec §4–5), for the app and the devnet's contract tests. */
export function createApiClient(opts: TransportOptions) {
  const transport = new Transport(opts);
  return {
    transport,
    auth: authApi(transport),
    trade: tradeApi(transport),
    user: userApi(transport),
    wallet: walletApi(transport),
    market: marketApi(transport),
    geo: geoApi(transport),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
