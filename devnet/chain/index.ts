/**
 * The devnet's local EVM chain in one call: a Hardhat node with DUSD, the deposit vault and the
 * withdraw bridge deployed at fixed addresses. See README.md in this folder.
 */
import type { Address, Hex } from 'viem';
import { DEVNET_BACKEND_SIGNER, HARDHAT_TEST_ACCOUNTS, type TestAccount } from './accounts';
import { deployContracts, expectedAddresses, inspectDeployment, type ContractAddresses } from './deploy';
import { devnetPublicClient } from './clients';
import { createFaucet } from './faucet';
import { createIndexer, type ChainIndexer, type IndexerOptions } from './indexer';
import { connectOrStart, startHardhatNode, DEFAULT_CHAIN_ID, DEFAULT_PORT } from './node';
import { signWithdrawAuthorization, type WithdrawAuthorization } from './withdraw-signer';

export type { ContractAddresses } from './deploy';
export type { TestAccount } from './accounts';
export type { WithdrawAuthorization } from './withdraw-signer';
export type * from './indexer';
export { MIN_DEPOSIT } from './indexer';

export interface StartChainOptions {
  /** RPC port on 127.0.0.1; default 8545. */
  port?: number;
  /** Default 31337 (hardhat's). */
  chainId?: number;
  /** Default confirmation depth for createIndexer; default 1. */
  confirmations?: number;
  /**
   * Adopt a node already answering on the port (default true): a devnet killed with SIGKILL
   * leaves its node running, and reusing it keeps balances and the indexer cursor valid.
   */
  reuseExisting?: boolean;
  /** DUSD minted to the bridge on a fresh deploy; default 1e9 DUSD. */
  bridgeReserve?: bigint;
}

/** Indexer options with the chain's own connection details already filled in. */
export type ChainIndexerOptions = Omit<IndexerOptions, 'rpcUrl' | 'chainId' | 'token' | 'vault' | 'bridge'>;

export interface DevnetChain {
  rpcUrl: string;
  chainId: number;
  /**
   * Hash of block 0: identifies this chain instance (a node restarted fresh has a new one).
   * Persist it with the indexer cursor; a different value at startup means the chain was reset.
   */
  genesisHash: Hex;
  addresses: ContractAddresses;
  /** Address whose withdraw authorizations the bridge accepts. */
  backendSigner: Address;
  /** Hardhat's default mnemonic accounts 0..9 (public keys, 10 000 ETH each; 0 is the deployer). */
  testAccounts: readonly TestAccount[];
  /** True when an already running node was adopted rather than started. */
  reused: boolean;
  mintDusd(to: Address, amount: bigint): Promise<Hex>;
  signWithdrawAuthorization(authorization: WithdrawAuthorization): Promise<Hex>;
  createIndexer(options: ChainIndexerOptions): ChainIndexer;
  stop(): Promise<void>;
}

export async function startChain(options: StartChainOptions = {}): Promise<DevnetChain> {
  const nodeOptions = { port: options.port ?? DEFAULT_PORT, chainId: options.chainId ?? DEFAULT_CHAIN_ID };
  const node =
    options.reuseExisting === false
      ? await startHardhatNode(nodeOptions)
      : await connectOrStart({
          ...nodeOptions,
          verify: async (rpcUrl) => ((await inspectDeployment(rpcUrl, nodeOptions.chainId)) === 'other' ? 'replace' : 'reuse'),
        });
  try {
    const state = node.reused ? await inspectDeployment(node.rpcUrl, node.chainId) : 'empty';
    const addresses =
      state === 'deployed'
        ? expectedAddresses()
        : await deployContracts({ rpcUrl: node.rpcUrl, chainId: node.chainId, bridgeReserve: options.bridgeReserve });
    const faucet = createFaucet({ rpcUrl: node.rpcUrl, chainId: node.chainId, token: addresses.token });
    const genesis = await devnetPublicClient(node.rpcUrl, node.chainId).getBlock({ blockNumber: 0n });
    return {
      rpcUrl: node.rpcUrl,
      chainId: node.chainId,
      genesisHash: genesis.hash,
      addresses,
      backendSigner: DEVNET_BACKEND_SIGNER.address,
      testAccounts: HARDHAT_TEST_ACCOUNTS,
      reused: node.reused,
      mintDusd: faucet.mintDusd,
      signWithdrawAuthorization: (authorization) => signWithdrawAuthorization(authorization),
      createIndexer: (indexerOptions) =>
        createIndexer({
          confirmations: options.confirmations,
          ...indexerOptions,
          rpcUrl: node.rpcUrl,
          chainId: node.chainId,
          ...addresses,
        }),
      stop: () => node.stop(),
    };
  } catch (error) {
    if (!node.reused) await node.stop();
    throw error;
  }
}
