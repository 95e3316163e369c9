/**
 * Deterministic deployment: the deployer (hardhat account 0) deploys DUSD, the bridge and the
 * vault as its first three transactions on a fresh chain, so CREATE addresses are the same on
 * every run and can be published before the chain even starts.
 */
import { encodeDeployData, getContractAddress, parseUnits, type Address, type Hex } from 'viem';
import { DEPLOYER, DEVNET_BACKEND_SIGNER } from './accounts';
import { depositVaultAbi, dusdAbi, withdrawBridgeAbi } from './abis';
import { devnetPublicClient, devnetWalletClient } from './clients';
import { compileContracts } from './compile';
import { serializeBySender } from './tx-queue';

export interface ContractAddresses {
  /** DUSD, the deposit/withdraw token. */
  token: Address;
  /** DepositVault: traders deposit by transferring DUSD here. */
  vault: Address;
  /** WithdrawBridge: `reqRemoteCall` pays withdrawals out of its DUSD balance. */
  bridge: Address;
}

/** DUSD minted to the bridge at deploy so payouts never depend on deposits having arrived. */
export const DEFAULT_BRIDGE_RESERVE = parseUnits('1000000000', 18);

/** Deployer nonce of each contract; the order is fixed because the vault needs the other two. */
const NONCE = { token: 0n, bridge: 1n, vault: 2n } as const;

export function expectedAddresses(deployer: Address = DEPLOYER.address): ContractAddresses {
  return {
    token: getContractAddress({ from: deployer, nonce: NONCE.token }),
    bridge: getContractAddress({ from: deployer, nonce: NONCE.bridge }),
    vault: getContractAddress({ from: deployer, nonce: NONCE.vault }),
  };
}

/** Creation data (bytecode + constructor args) of each contract, as deployed. */
function creationData(addresses: ContractAddresses): Record<keyof ContractAddresses, Hex> {
  const c = compileContracts();
  return {
    token: encodeDeployData({ abi: dusdAbi, bytecode: c.DUSD.bytecode, args: [DEPLOYER.address] }),
    bridge: encodeDeployData({
      abi: withdrawBridgeAbi,
      bytecode: c.WithdrawBridge.bytecode,
      args: [DEVNET_BACKEND_SIGNER.address],
    }),
    vault: encodeDeployData({
      abi: depositVaultAbi,
      bytecode: c.DepositVault.bytecode,
      args: [addresses.token, addresses.bridge],
    }),
  };
}

/**
 * - `deployed`: today's contracts are at the expected addresses (reuse the chain);
 * - `empty`: a pristine chain, the deployer has sent nothing (deploy onto it);
 * - `other`: anything else, e.g. contracts from an older source version or a chain used for
 *   something else; deploying there would yield different addresses.
 */
export type DeploymentState = 'deployed' | 'empty' | 'other';

export async function inspectDeployment(rpcUrl: string, chainId: number): Promise<DeploymentState> {
  const client = devnetPublicClient(rpcUrl, chainId);
  const addresses = expectedAddresses();
  const keys = Object.keys(addresses) as (keyof ContractAddresses)[];
  const nonce = await client.getTransactionCount({ address: DEPLOYER.address });
  const codes = await Promise.all(keys.map((key) => client.getCode({ address: addresses[key] })));
  if (nonce === 0 && codes.every((code) => code === undefined)) return 'empty';
  const creation = creationData(addresses);
  for (const [i, key] of keys.entries()) {
    // eth_call of the creation data returns the runtime code today's sources would deploy,
    // immutables included: equal code proves the contract is current, not merely present.
    const { data: wanted } = await client.call({ account: DEPLOYER.address, data: creation[key] });
    if (codes[i] === undefined || codes[i] !== wanted) return 'other';
  }
  return 'deployed';
}

/** Deploys onto a pristine chain and funds the bridge; throws if addresses would not be the expected ones. */
export async function deployContracts(options: {
  rpcUrl: string;
  chainId: number;
  bridgeReserve?: bigint;
}): Promise<ContractAddresses> {
  const { rpcUrl, chainId } = options;
  const client = devnetPublicClient(rpcUrl, chainId);
  const wallet = devnetWalletClient(rpcUrl, chainId, DEPLOYER.privateKey);
  const addresses = expectedAddresses();
  const creation = creationData(addresses);

  return serializeBySender(DEPLOYER.address, async () => {
    const nonce = await client.getTransactionCount({ address: DEPLOYER.address });
    if (nonce !== 0) {
      throw new Error(`Deployer ${DEPLOYER.address} already has nonce ${nonce}; deploy needs a fresh chain`);
    }
    for (const key of ['token', 'bridge', 'vault'] as const) {
      const hash = await wallet.sendTransaction({ data: creation[key], nonce: Number(NONCE[key]) });
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success' || receipt.contractAddress?.toLowerCase() !== addresses[key].toLowerCase()) {
        throw new Error(`Deploying ${key} failed or landed at ${receipt.contractAddress}, expected ${addresses[key]}`);
      }
    }
    const reserve = options.bridgeReserve ?? DEFAULT_BRIDGE_RESERVE;
    if (reserve > 0n) {
      const hash = await wallet.writeContract({
        address: addresses.token,
        abi: dusdAbi,
        functionName: 'mint',
        args: [addresses.bridge, reserve],
      });
      await client.waitForTransactionReceipt({ hash });
    }
    return addresses;
  });
}
