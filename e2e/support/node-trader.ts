import { createApiClient, type ApiClient } from '../../src/api/client';
import { signIn } from '../../src/wallet/sign-in';
import { evmWallet } from '../../devnet/test-support/harness';
import { AUTH, BASE, PORTS } from './ports';

const urls = { baseUrl: BASE, authUrl: AUTH, bridgeUrl: `http://127.0.0.1:${PORTS.base + 2}`, geoUrl: `http://127.0.0.1:${PORTS.base + 3}` };

/** A second trader outside the browser, signed in with the app's own client, with a funded Perps Wallet. */
export async function nodeTrader(perps: string): Promise<{ api: ApiClient; account: string }> {
  const bare = createApiClient({ urls });
  const session = await signIn(bare, evmWallet(), { expected: { domain: 'devnet.perps.local', uri: 'https://devnet.perps.local' } });
  const api = createApiClient({ urls, getCredentials: () => ({ token: session.token, signer: session.key }) });
  const res = await fetch(`${BASE}/devnet/faucet`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: perps, wallet: 'perps' }),
  });
  if (!res.ok) throw new Error(`faucet: ${res.status} ${await res.text()}`);
  return { api, account: `bsc_${session.address.toLowerCase()}` };
}
