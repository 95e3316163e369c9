import type { ServiceConfig } from '../api/service-config';
import { parseWithdrawContracts, type WithdrawContractSettings } from '../wallet/withdraw-transaction';

/**
 * Where the app talks to (read at build time too: the CSP names these services). Unset VITE_*
 * variables mean the local devnet (decisions.md "Hosts"). `withdrawContracts` holds the withdraw
 * contract by chain id from `VITE_WITHDRAW_CONTRACT` (the devnet's comes from its /devnet/config).
 */
export type AppConfig = ServiceConfig & WithdrawContractSettings;

export const DEVNET_DEFAULTS = {
  baseUrl: 'http://127.0.0.1:7100',
  authUrl: 'http://127.0.0.1:7101',
  bridgeUrl: 'http://127.0.0.1:7102',
  geoUrl: 'http://127.0.0.1:7103',
  streamUrl: 'ws://127.0.0.1:7100/ws-stream/v1',
  orderStreamUrl: 'ws://127.0.0.1:7100/ws-api/v1',
  evmRpcUrl: 'http://127.0.0.1:8545',
  evmChainId: 31337,
  signinDomain: 'devnet.perps.local',
  signinUri: 'https://devnet.perps.local',
} as const;

/** The public service, one setting away: `VITE_PRESET=public`. */
export const PUBLIC_SERVICE = {
  baseUrl: 'https://perps.standx.com',
  authUrl: 'https://api.standx.com',
  bridgeUrl: 'https://bridge-info.standx.com',
  geoUrl: 'https://geo.standx.com',
  streamUrl: 'wss://perps.standx.com/ws-stream/v1',
  orderStreamUrl: 'wss://perps.standx.com/ws-api/v1',
  evmRpcUrl: 'https://bsc-dataseed.bnbchain.org',
  evmChainId: 56,
  signinDomain: 'standx.com',
  signinUri: 'https://standx.com',
} as const;

export function readConfig(env: Record<string, string | undefined>): AppConfig {
  const preset = env.VITE_PRESET === 'public' ? PUBLIC_SERVICE : DEVNET_DEFAULTS;
  const pick = (key: string, fallback: string) => (env[key] && env[key]!.length > 0 ? env[key]! : fallback);
  const config = {
    baseUrl: pick('VITE_BASE_URL', preset.baseUrl),
    authUrl: pick('VITE_AUTH_URL', preset.authUrl),
    bridgeUrl: pick('VITE_BRIDGE_URL', preset.bridgeUrl),
    geoUrl: pick('VITE_GEO_URL', preset.geoUrl),
    streamUrl: pick('VITE_STREAM_URL', preset.streamUrl),
    orderStreamUrl: pick('VITE_ORDER_STREAM_URL', preset.orderStreamUrl),
    evmRpcUrl: pick('VITE_EVM_RPC_URL', preset.evmRpcUrl),
    evmChainId: Number(pick('VITE_EVM_CHAIN_ID', String(preset.evmChainId))),
    signinDomain: pick('VITE_SIGNIN_DOMAIN', preset.signinDomain),
    signinUri: pick('VITE_SIGNIN_URI', preset.signinUri),
    ...(env.VITE_WALLETCONNECT_PROJECT_ID ? { walletConnectProjectId: env.VITE_WALLETCONNECT_PROJECT_ID } : {}),
  };
  // VITE_DEVNET marks a devnet on other ports (the browser tests run one beside a developer's).
  return {
    ...config,
    isDevnet: env.VITE_DEVNET === 'true' || config.baseUrl === DEVNET_DEFAULTS.baseUrl,
    withdrawContracts: parseWithdrawContracts(env.VITE_WITHDRAW_CONTRACT, config.evmChainId),
  };
}

