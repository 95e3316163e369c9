import type { Config } from 'wagmi';
import type * as EvmWallets from './evm-wallets';

export interface EvmSettings {
  evmChainId: number;
  evmRpcUrl: string;
  walletConnectProjectId?: string | undefined;
}

let loaded: Promise<{ evm: typeof EvmWallets; config: Config }> | null = null;

/**
 * wagmi + viem on demand: only the sign-in dialog and the wallets page call this, so the trade
 * page's initial JS stays small. One config (and its EIP-6963 discovery) per page load.
 */
export function loadEvm(settings: EvmSettings) {
  loaded ??= import('./evm-wallets').then((evm) => ({ evm, config: evm.evmConfig(settings) }));
  return loaded;
}
