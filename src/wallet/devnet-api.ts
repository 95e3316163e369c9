import { z } from 'zod';
import { decimalString, withdrawResponse, walletRow } from '../api/schemas';
import { sessionAwareFetch } from './unauthorized';

/**
 * The devnet's own conveniences (devnet/devnet-routes.ts, not part of the public service): chain
 * addresses, test DUSD, vaults, wallet rows and the withdraw history. Plain fetch: none is signed.
 */
export interface DevnetUrls {
  baseUrl: string;
  bridgeUrl: string;
}

const chainInfo = z.object({ chainId: z.number(), rpcUrl: z.string(), token: z.string(), vault: z.string(), bridge: z.string() });
const devnetConfig = z.object({ chain: chainInfo.nullable() });
export type DevnetChain = z.infer<typeof chainInfo>;
const walletsResponse = z.object({ cash: walletRow, perps: walletRow });
export type DevnetWallets = z.infer<typeof walletsResponse>;

async function call<T>(url: string, schema: z.ZodType<T>, init: RequestInit & { token?: string; vault?: string | null } = {}): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.vault) headers['x-impersonate'] = init.vault;
  const res = await sessionAwareFetch(url, { ...init, headers });
  const text = await res.text();
  if (!res.ok) {
    let message = text;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? text;
    } catch {
      // plain-text error body
    }
    throw new Error(`${res.status}: ${message}`);
  }
  return schema.parse(JSON.parse(text));
}

const ok = z.unknown();
const withdrawFeeResponse = z.object({ withdraw_fee: decimalString });

export function devnetApi(urls: DevnetUrls) {
  return {
    config: () => call(`${urls.baseUrl}/devnet/config`, devnetConfig).then((c) => c.chain),
    /** Mints DUSD on the local chain to an EVM address (and tops up its gas). */
    mint: (address: string, amount: string) =>
      call(`${urls.baseUrl}/devnet/mint`, ok, { method: 'POST', body: JSON.stringify({ address, amount }) }).then(() => undefined),
    /** Credits the signed-in account's Cash Wallet directly (no chain involved). */
    faucet: (token: string, amount: string) =>
      call(`${urls.baseUrl}/devnet/faucet`, ok, { method: 'POST', token, body: JSON.stringify({ amount }) }).then(() => undefined),
    vaults: (token: string) => call(`${urls.baseUrl}/devnet/vaults`, z.array(z.string()), { token }),
    createVault: (token: string) =>
      call(`${urls.baseUrl}/devnet/vaults`, z.object({ vault: z.string() }), { method: 'POST', token, body: '{}' }).then((r) => r.vault),
    wallets: (token: string, vault: string | null) => call(`${urls.baseUrl}/devnet/wallets`, walletsResponse, { token, vault }),
    /** The fee the bridge deducts from every withdrawal (GET /devnet/withdraw-fee on the bridge). */
    withdrawFee: () => call(`${urls.bridgeUrl}/devnet/withdraw-fee`, withdrawFeeResponse).then((r) => r.withdraw_fee),
    withdrawals: (token: string) => call(`${urls.bridgeUrl}/devnet/withdrawals`, z.array(withdrawResponse), { token }),
  };
}
