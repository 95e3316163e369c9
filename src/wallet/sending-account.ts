import type { ServiceConfig } from '../api/service-config';
import type { ChainAccount } from './chain-account';
import { loadEvm } from './evm-runtime';
import { serviceExtras } from './service-extras';

/**
 * Who sends the money transactions of the trader signed in as `signedIn`: the built-in Devnet
 * wallet when this browser holds that account's key (it sends by itself), else the connected wallet
 * app (null when none is connected; the withdraw check then names the account to connect).
 */
export async function sendingAccount(config: ServiceConfig, signedIn: string): Promise<ChainAccount | null> {
  const key = serviceExtras(config).testWalletKey?.() ?? null;
  if (key && (await isBuiltInWallet(config, signedIn))) return (await import('./built-in-account')).builtInAccount(config, key);
  const { evm, config: wagmi } = await loadEvm(config);
  return evm.connectedAccount(wagmi);
}

/** True when the account signed in as `signedIn` is the built-in Devnet wallet of this browser. */
export async function isBuiltInWallet(config: ServiceConfig, signedIn: string): Promise<boolean> {
  const key = serviceExtras(config).testWalletKey?.() ?? null;
  if (!key) return false;
  const { addressOfKey } = await import('./built-in-account');
  return addressOfKey(key).toLowerCase() === signedIn.toLowerCase();
}
