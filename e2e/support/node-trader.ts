import { createApiClient, type ApiClient } from '../../src/api/client';
import { signIn } from '../../src/wallet/sign-in';
import { evmWallet } from '../../devnet/test-support/harness';
import { PORTS } from './ports';

const urlsOf = (base: number) => ({
  baseUrl: `http://127.0.0.1:${base}`,
  authUrl: `http://127.0.0.1:${base + 1}`,
  bridgeUrl: `http://127.0.0.1:${base + 2}`,
  geoUrl: `http://127.0.0.1:${base + 3}`,
});

/**
 * A second trader outside the browser, signed in with the app's own client, with a funded Perps
 * Wallet; on the shared devnet, or on the devnet whose base port is `base` (own-devnet.ts OWN_BASE).
 */
export async function nodeTrader(perps: string, base = PORTS.base): Promise<{ api: ApiClient; account: string }> {
  const urls = urlsOf(base);
  const bare = createApiClient({ urls });
  const session = await signIn(bare, evmWallet(), { expected: { domain: 'devnet.perps.local', uri: 'https://devnet.perps.local' } });
  const api = createApiClient({ urls, getCredentials: () => ({ token: session.token, signer: session.key }) });
  const res = await fetch(`${urls.baseUrl}/devnet/faucet`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: perps, wallet: 'perps' }),
  });
  if (!res.ok) throw new Error(`faucet: ${res.status} ${await res.text()}`);
  return { api, account: `bsc_${session.address.toLowerCase()}` };
}
