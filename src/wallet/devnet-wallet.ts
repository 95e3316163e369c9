import type { WalletSigner } from './wallet-signer';

const STORAGE_KEY = 'perps.devnet-wallet.v1';

type Hex = `0x${string}`;

/** The built-in wallet's key if this browser holds one (it is made on the first sign-in with it). */
export function heldDevnetWalletKey(storage: Storage = localStorage): Hex | null {
  const key = storage.getItem(STORAGE_KEY);
  return key && /^0x[0-9a-f]{64}$/i.test(key) ? (key as Hex) : null;
}

/**
 * The devnet's built-in wallet: a throwaway local test account (this browser keeps its key, and it
 * only ever holds devnet DUSD), so a newcomer can trade without installing an extension.
 */
export async function devnetWallet(storage: Storage = localStorage): Promise<WalletSigner> {
  const { generatePrivateKey, privateKeyToAccount } = await import('viem/accounts');
  let key = heldDevnetWalletKey(storage);
  if (!key) {
    key = generatePrivateKey();
    storage.setItem(STORAGE_KEY, key);
  }
  const account = privateKeyToAccount(key);
  return { chain: 'bsc', address: account.address, personalSign: (message) => account.signMessage({ message }) };
}
