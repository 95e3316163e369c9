/** Mints DUSD to any address: how devnet traders get something to deposit. */
import type { Address, Hex } from 'viem';
import { DEPLOYER } from './accounts';
import { dusdAbi } from './abis';
import { devnetPublicClient, devnetWalletClient } from './clients';
import { serializeBySender } from './tx-queue';

export interface Faucet {
  /** Mints `amount` base units (18 decimals) to `to`; resolves with the mined tx hash. */
  mintDusd(to: Address, amount: bigint): Promise<Hex>;
}

export function createFaucet(options: { rpcUrl: string; chainId: number; token: Address }): Faucet {
  const client = devnetPublicClient(options.rpcUrl, options.chainId);
  // The deployer is DUSD's minter (fixed at deploy).
  const wallet = devnetWalletClient(options.rpcUrl, options.chainId, DEPLOYER.privateKey);
  return {
    mintDusd(to, amount) {
      if (amount <= 0n) return Promise.reject(new Error(`mintDusd: amount must be positive, got ${amount}`));
      return serializeBySender(DEPLOYER.address, async () => {
        const hash = await wallet.writeContract({
          address: options.token,
          abi: dusdAbi,
          functionName: 'mint',
          args: [to, amount],
        });
        const receipt = await client.waitForTransactionReceipt({ hash });
        if (receipt.status !== 'success') throw new Error(`mintDusd to ${to} reverted (tx ${hash})`);
        return hash;
      });
    },
  };
}
