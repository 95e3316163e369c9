import { WebSocket } from 'ws';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { createApiClient, type ApiClient } from '../../src/api/client';
import type { SocketFactory } from '../../src/api/stream/socket';
import type { Credentials } from '../../src/api/transport';
import { dec, type Dec } from '../../src/lib/decimal';
import { signIn } from '../../src/wallet/sign-in';
import type { SignedInSession } from '../../src/wallet/session-store';
import type { EvmWalletSigner, WalletSigner } from '../../src/wallet/wallet-signer';
import { auditLedger } from '../audit';
import { DEVNET_SIGNIN, startDevnet, type Devnet, type DevnetOptions } from '../devnet';

export const nodeSocket: SocketFactory = (url) => new WebSocket(url) as unknown as ReturnType<SocketFactory>;

/** A devnet on free ports, time advanced only by the test (tickMs 0), no rate limit unless asked. */
export async function startTestDevnet(o: DevnetOptions = {}): Promise<Devnet> {
  return startDevnet({ ports: { base: 0, auth: 0, bridge: 0, geo: 0 }, dataDir: null, tickMs: 0, rateLimit: { enabled: false }, ...o });
}

export function evmWallet(privateKey: `0x${string}` = generatePrivateKey()): EvmWalletSigner & { privateKey: `0x${string}` } {
  const account = privateKeyToAccount(privateKey);
  return { chain: 'bsc', address: account.address, privateKey, personalSign: (message) => account.signMessage({ message }) };
}

export interface Trader {
  api: ApiClient;
  session: SignedInSession;
  account: string;
  /** Act as a vault (x-impersonate) or as yourself (null). */
  actAs(vault: string | null): void;
  setCredentials(c: Credentials | null): void;
}

/** Signs a wallet in through the real auth service and returns the app's own client for it. */
export async function signedInTrader(devnet: Devnet, wallet: WalletSigner = evmWallet(), now: () => number = Date.now): Promise<Trader> {
  const bare = createApiClient({ urls: devnet.urls });
  const session = await signIn(bare, wallet, { expected: DEVNET_SIGNIN, now });
  let creds: Credentials | null = { token: session.token, signer: session.key };
  let vault: string | null = null;
  const api = createApiClient({ urls: devnet.urls, getCredentials: () => creds, getImpersonate: () => vault, now });
  return {
    api,
    session,
    account: `${session.chain}_${session.chain === 'bsc' ? session.address.toLowerCase() : session.address}`,
    actAs: (v) => {
      vault = v;
    },
    setCredentials: (c) => {
      creds = c;
    },
  };
}

/** Credits a trader's Cash Wallet through the devnet faucet and moves `perps` of it to the Perps Wallet. */
export async function fund(devnet: Devnet, t: Trader, cash: string, perps: string): Promise<void> {
  const res = await fetch(`${devnet.urls.baseUrl}/devnet/faucet`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.session.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: cash }),
  });
  if (!res.ok) throw new Error(`faucet: ${res.status} ${await res.text()}`);
  if (perps !== '0') await t.api.wallet.transferToPerps({ amount: perps });
}

/** The best bid (highest) or ask (lowest) of a symbol's book, as the service returns it unsorted. */
export async function bestPrice(api: ApiClient, symbol: string, side: 'bid' | 'ask'): Promise<Dec> {
  const book = await api.market.depthBook(symbol);
  const levels = (side === 'bid' ? book.bids : book.asks).map(([p]) => dec(p));
  if (levels.length === 0) throw new Error(`${symbol} has no ${side}s`);
  return levels.reduce((a, b) => (side === 'bid' ? (b.gt(a) ? b : a) : b.lt(a) ? b : a));
}

/**
 * The audit of named accounts (and the bridge's withdraw book) on a running devnet: every contract
 * scenario ends with it, so no scenario may leave money where it should not be.
 */
export function expectAudit(devnet: Devnet | undefined): void {
  if (devnet === undefined) return;
  const report = auditLedger(devnet.ledger);
  if (!report.ok) throw new Error(`audit of named accounts failed: ${report.detail}`);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `cond` every 10 ms; fails naming `what` after `ms`. */
export async function until(cond: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(10);
  }
}
