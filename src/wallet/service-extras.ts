import type { WithdrawResponse } from '../api/schemas';
import type { ServiceConfig } from '../api/service-config';
import { devnetApi, type DevnetWallets } from './devnet-api';
import { devnetWallet, heldDevnetWalletKey } from './devnet-wallet';
import type { WalletSigner } from './wallet-signer';
import { configuredWithdrawContract } from './withdraw-transaction';

/** The public service's deposit vaults (decisions.md "Withdraw contract", [doc]). */
export const PUBLIC_DEPOSIT_VAULTS = {
  bsc: '0x11b660397382AE3A83c4Ad80e2F791189b39e433',
  solana: '2pBsToyWZjp4Kpkb2LxbYNhHSvKcAwxXeJyHneNhnxmi',
} as const;

/** Where deposits go: the vault per chain (null: that chain has none here), the DUSD token, the chain id. */
export interface DepositTarget {
  bsc: string | null;
  solana: string | null;
  /** The DUSD token contract, when known (the public service does not publish it). */
  token: string | null;
  chainId: number;
}

/**
 * What this service offers besides the public API. The public service answers only the spec; the
 * devnet adds helpers (devnet/devnet-routes.ts). Features ask for a capability and render what is
 * there (null = not offered) instead of testing `isDevnet` themselves.
 */
export interface ServiceExtras {
  depositTarget: () => Promise<DepositTarget>;
  /**
   * The withdraw contract expected on `chainId`: the configured one (`VITE_WITHDRAW_CONTRACT`, or a
   * published address), else the devnet's own; null when none is known (every withdraw is refused).
   */
  withdrawContract: (chainId: number) => Promise<string | null>;
  /** Cash and Perps rows over HTTP (before the first balance push and after transfers). */
  walletRows: ((token: string, vault: string | null) => Promise<DevnetWallets>) | null;
  /** The bridge's list of the account's withdrawals; without it this browser keeps its own history. */
  withdrawals: ((token: string) => Promise<WithdrawResponse[]>) | null;
  /** Vaults the signed-in address owns, and a way to open a test one. */
  vaults: { list: (token: string) => Promise<string[]>; create: (token: string) => Promise<string> } | null;
  /** Test money: DUSD minted on-chain to an address, or credited straight to the Cash Wallet. */
  faucet: { mint: (address: string, amount: string) => Promise<void>; credit: (token: string, amount: string) => Promise<void> } | null;
  /** A built-in test wallet for signing in without an extension. */
  testWallet: (() => Promise<WalletSigner>) | null;
  /** The built-in wallet's key, when this browser holds one: it then sends its own transactions. */
  testWalletKey: (() => `0x${string}` | null) | null;
  /** The bridge's withdraw fee before a request (the public bridge states it only in each answer). */
  withdrawFee: (() => Promise<string>) | null;
}

function publicExtras(config: ServiceConfig): ServiceExtras {
  return {
    depositTarget: async () => ({ ...PUBLIC_DEPOSIT_VAULTS, token: null, chainId: config.evmChainId }),
    withdrawContract: async (chainId) => configuredWithdrawContract(config, chainId),
    walletRows: null,
    withdrawals: null,
    vaults: null,
    faucet: null,
    testWallet: null,
    testWalletKey: null,
    withdrawFee: null,
  };
}

/** The devnet's helpers, all through `devnetApi` (the one place that knows their routes). */
function devnetExtras(config: ServiceConfig): ServiceExtras {
  const devnet = devnetApi(config);
  return {
    depositTarget: async () => {
      const chain = await devnet.config();
      return { bsc: chain?.vault ?? null, solana: null, token: chain?.token ?? null, chainId: chain?.chainId ?? config.evmChainId };
    },
    // The configured contract wins; else the bridge contract the devnet names for its own chain.
    withdrawContract: async (chainId) => {
      const configured = configuredWithdrawContract(config, chainId);
      if (configured) return configured;
      const chain = await devnet.config();
      return chain && chain.chainId === chainId ? chain.bridge : null;
    },
    walletRows: devnet.wallets,
    withdrawals: devnet.withdrawals,
    vaults: { list: devnet.vaults, create: devnet.createVault },
    faucet: { mint: devnet.mint, credit: devnet.faucet },
    testWallet: () => devnetWallet(),
    testWalletKey: () => heldDevnetWalletKey(),
    withdrawFee: devnet.withdrawFee,
  };
}

const cache = new WeakMap<ServiceConfig, ServiceExtras>();

/** The extras of the configured service (one object per config, so hooks may call this freely). */
export function serviceExtras(config: ServiceConfig): ServiceExtras {
  let extras = cache.get(config);
  if (!extras) {
    extras = config.isDevnet ? devnetExtras(config) : publicExtras(config);
    cache.set(config, extras);
  }
  return extras;
}
