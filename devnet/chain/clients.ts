/** viem clients for the local chain, tuned for a node that mines on every transaction. */
import { createPublicClient, createWalletClient, defineChain, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

// Blocks appear the moment a transaction lands; viem's default (4 s) would make every
// waitForTransactionReceipt take seconds.
const POLLING_INTERVAL_MS = 50;

/**
 * No retries: hardhat reports a revert as JSON-RPC -32603 (internal error), which viem treats
 * as transient and retries 3 times with backoff, turning every expected revert into a ~1 s wait.
 * A local node either answers or is down; retrying helps neither.
 */
function transport(rpcUrl: string) {
  return http(rpcUrl, { retryCount: 0 });
}

export function devnetChain(rpcUrl: string, chainId: number) {
  return defineChain({
    id: chainId,
    name: 'Perps devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

export function devnetPublicClient(rpcUrl: string, chainId: number) {
  return createPublicClient({
    chain: devnetChain(rpcUrl, chainId),
    transport: transport(rpcUrl),
    pollingInterval: POLLING_INTERVAL_MS,
    // The chain changes under us (other processes, evm_increaseTime); never serve a stale block number.
    cacheTime: 0,
  });
}

/** Signs locally with `privateKey` (eth_sendRawTransaction), so it works on any node, not just unlocked accounts. */
export function devnetWalletClient(rpcUrl: string, chainId: number, privateKey: Hex) {
  return createWalletClient({
    account: privateKeyToAccount(privateKey),
    chain: devnetChain(rpcUrl, chainId),
    transport: transport(rpcUrl),
    pollingInterval: POLLING_INTERVAL_MS,
    cacheTime: 0,
  });
}

export type DevnetPublicClient = ReturnType<typeof devnetPublicClient>;
export type DevnetWalletClient = ReturnType<typeof devnetWalletClient>;
