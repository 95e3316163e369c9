/**
 * Test wallets injected into the page, as a browser extension would:
 * - an EIP-1193 provider announced by EIP-6963 (and set as window.ethereum), whose signing runs in
 *   Node with viem's `privateKeyToAccount` of a Hardhat test account and whose other RPC calls go
 *   to the e2e chain;
 * - a Wallet Standard Solana wallet (`wallet-standard:register-wallet`) backed by a tweetnacl
 *   ed25519 key pair, with `standard:connect`, `standard:events` and `solana:signMessage`.
 * Every request the page makes is recorded, so a test can assert the wallet was never asked.
 */
import type { Page } from '@playwright/test';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { createWalletClient, http, hexToString, isHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { HARDHAT_TEST_ACCOUNTS } from '../../devnet/chain/accounts';
import { RPC } from './ports';

export const E2E_RPC = RPC;

export interface EvmTestWallet {
  address: Hex;
  calls: { method: string; params: unknown }[];
  /** Tells the page the wallet switched account (EIP-1193 accountsChanged). */
  switchAccount(address: Hex): Promise<void>;
}

async function rpc(method: string, params: unknown): Promise<unknown> {
  const res = await fetch(E2E_RPC, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } };
  if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
  return body.result;
}

export async function installEvmWallet(page: Page, accountIndex = 7): Promise<EvmTestWallet> {
  const key = HARDHAT_TEST_ACCOUNTS[accountIndex]!;
  const account = privateKeyToAccount(key.privateKey);
  const client = createWalletClient({ account, chain: hardhat, transport: http(E2E_RPC) });
  const calls: EvmTestWallet['calls'] = [];
  let current: Hex = account.address;
  await page.exposeFunction('__eip1193', async ({ method, params }: { method: string; params?: unknown[] }) => {
    calls.push({ method, params });
    try {
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return { result: [current] };
        case 'eth_chainId':
          return { result: `0x${hardhat.id.toString(16)}` };
        case 'wallet_switchEthereumChain': {
          const wanted = Number((params?.[0] as { chainId: string }).chainId);
          if (wanted !== hardhat.id) return { error: { code: 4902, message: `Unrecognized chain ${wanted}` } };
          return { result: null };
        }
        case 'wallet_requestPermissions':
        case 'wallet_getPermissions':
          return { result: [{ parentCapability: 'eth_accounts' }] };
        case 'wallet_revokePermissions':
          return { result: null };
        case 'personal_sign': {
          const [data, from] = params as [Hex, Hex];
          if (from.toLowerCase() !== account.address.toLowerCase()) return { error: { code: 4100, message: 'Unknown account' } };
          const message = isHex(data) ? { raw: data } : hexToString(data as Hex);
          return { result: await account.signMessage({ message }) };
        }
        case 'eth_sendTransaction': {
          const [tx] = params as [{ to: Hex; data?: Hex; value?: Hex; gas?: Hex }];
          const hash = await client.sendTransaction({
            to: tx.to,
            ...(tx.data ? { data: tx.data } : {}),
            ...(tx.value ? { value: BigInt(tx.value) } : {}),
            ...(tx.gas ? { gas: BigInt(tx.gas) } : {}),
          });
          return { result: hash };
        }
        default:
          return { result: await rpc(method, params ?? []) };
      }
    } catch (e) {
      const err = e as { code?: number; message?: string; shortMessage?: string };
      return { error: { code: err.code ?? -32603, message: err.shortMessage ?? err.message ?? String(e) } };
    }
  });
  await page.addInitScript(() => {
    type Listener = (data: unknown) => void;
    const listeners = new Map<string, Set<Listener>>();
    const w = window as unknown as Record<string, unknown>;
    const call = w.__eip1193 as (a: { method: string; params?: unknown[] }) => Promise<{ result?: unknown; error?: { code: number; message: string } }>;
    const provider = {
      isPerpsTestWallet: true,
      async request({ method, params }: { method: string; params?: unknown[] }) {
        const r = await call({ method, ...(params ? { params } : {}) });
        if (r.error) throw Object.assign(new Error(r.error.message), { code: r.error.code });
        return r.result;
      },
      on(event: string, fn: Listener) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)!.add(fn);
        return provider;
      },
      removeListener(event: string, fn: Listener) {
        listeners.get(event)?.delete(fn);
        return provider;
      },
    };
    w.ethereum = provider;
    w.__emitEip1193 = (event: string, data: unknown) => listeners.get(event)?.forEach((fn) => fn(data));
    const icon =
      'data:image/svg+xml;base64,' + btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#f0b90b"/></svg>');
    const detail = Object.freeze({ info: { uuid: '7b0f9f3c-0000-4000-8000-000000000007', name: 'Test EVM Wallet', icon, rdns: 'local.perps.test-evm' }, provider });
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  });
  return {
    address: account.address,
    calls,
    async switchAccount(address) {
      current = address;
      await page.evaluate((a) => (window as unknown as { __emitEip1193: (e: string, d: unknown) => void }).__emitEip1193('accountsChanged', [a]), address);
    },
  };
}

export interface SolanaTestWallet {
  address: string;
  publicKey: Uint8Array;
  signed: Uint8Array[];
}

export async function installSolanaWallet(page: Page, seed = new Uint8Array(32).fill(7)): Promise<SolanaTestWallet> {
  const keys = nacl.sign.keyPair.fromSeed(seed);
  const address = bs58.encode(keys.publicKey);
  const signed: Uint8Array[] = [];
  await page.exposeFunction('__solanaSign', (bytes: number[]) => {
    const message = Uint8Array.from(bytes);
    signed.push(message);
    return Array.from(nacl.sign.detached(message, keys.secretKey));
  });
  await page.addInitScript(
    ({ address, publicKey }) => {
      type Listener = (props: unknown) => void;
      const w = window as unknown as Record<string, unknown>;
      const sign = w.__solanaSign as (b: number[]) => Promise<number[]>;
      const chains = ['solana:mainnet', 'solana:devnet'] as const;
      const account = Object.freeze({ address, publicKey: Uint8Array.from(publicKey), chains, features: ['solana:signMessage', 'solana:signTransaction'] });
      const listeners = new Set<Listener>();
      let accounts: (typeof account)[] = [];
      const icon = 'data:image/svg+xml;base64,' + btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#9945ff"/></svg>');
      const wallet = {
        version: '1.0.0',
        name: 'Test Solana Wallet',
        icon,
        chains,
        get accounts() {
          return accounts;
        },
        features: {
          'standard:connect': {
            version: '1.0.0',
            connect: async () => {
              accounts = [account];
              listeners.forEach((fn) => fn({ accounts }));
              return { accounts };
            },
          },
          'standard:disconnect': {
            version: '1.0.0',
            disconnect: async () => {
              accounts = [];
              listeners.forEach((fn) => fn({ accounts }));
            },
          },
          'standard:events': {
            version: '1.0.0',
            on: (_event: string, fn: Listener) => {
              listeners.add(fn);
              return () => listeners.delete(fn);
            },
          },
          'solana:signMessage': {
            version: '1.0.0',
            signMessage: async (...inputs: { message: Uint8Array }[]) =>
              Promise.all(inputs.map(async ({ message }) => ({ signedMessage: message, signature: Uint8Array.from(await sign(Array.from(message))) }))),
          },
          'solana:signTransaction': {
            version: '1.0.0',
            supportedTransactionVersions: ['legacy', 0],
            signTransaction: async () => {
              throw new Error('The test wallet signs messages only');
            },
          },
        },
      };
      const callback = ({ register }: { register: (w: unknown) => unknown }) => register(wallet);
      window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }));
      window.addEventListener('wallet-standard:app-ready', (e) => callback((e as CustomEvent).detail));
    },
    { address, publicKey: Array.from(keys.publicKey) },
  );
  return { address, publicKey: keys.publicKey, signed };
}

/** DUSD balance of an address on the e2e chain (eth_call balanceOf), in base units. */
export async function onChainDusd(token: string, owner: string): Promise<bigint> {
  const data = `0x70a08231${owner.slice(2).toLowerCase().padStart(64, '0')}`;
  return BigInt((await rpc('eth_call', [{ to: token, data }, 'latest'])) as string);
}
