/**
 * EVM wallets through wagmi: the `injected()` connector plus every EIP-6963 announced provider
 * (MetaMask, Rabby, …). This module pulls in wagmi and viem, so the app only reaches it through a
 * dynamic `import()` when the sign-in dialog opens or the wallets page is visited. WalletConnect
 * (phone wallets by QR code) is offered when a project id is configured; its SDK loads only then.
 */
import { erc20Abi, defineChain, type Address, type Hex } from 'viem';
import { createConfig, http, injected, type Config, type Connector, type CreateConnectorFn } from 'wagmi';
import { walletConnect } from 'wagmi/connectors';
import {
  connect,
  disconnect,
  getConnection,
  readContract,
  signMessage,
  switchChain,
  waitForTransactionReceipt,
  watchConnection,
  watchConnectors,
  writeContract,
} from 'wagmi/actions';
import type { WithdrawResponse } from '../api/schemas';
import { withdrawContractAbi } from '../api/withdraw-contract';
import type { ChainAccount } from './chain-account';
import { WalletError } from './wallet-problem';
import type { EvmWalletSigner } from './wallet-signer';
import { checkWithdrawContract, checkWithdrawSubmission, requesterNotConnected, withdrawCallArgs, WithdrawNotAllowed } from './withdraw-transaction';

export interface EvmChainSettings {
  evmChainId: number;
  evmRpcUrl: string;
  /** A WalletConnect Cloud project id; without one WalletConnect is not offered. */
  walletConnectProjectId?: string | undefined;
}

/** The `bsc` chain of the configured service: BSC 56 publicly, the local Hardhat chain on the devnet. */
export function bscChain(s: EvmChainSettings) {
  const isBsc = s.evmChainId === 56;
  return defineChain({
    id: s.evmChainId,
    name: isBsc ? 'BNB Smart Chain' : `Devnet chain ${s.evmChainId}`,
    nativeCurrency: { name: isBsc ? 'BNB' : 'Ether', symbol: isBsc ? 'BNB' : 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [s.evmRpcUrl] } },
  });
}

/** Injected wallets always; WalletConnect when the build names a project id. */
export function evmConnectors(s: EvmChainSettings): { type: string; create: CreateConnectorFn }[] {
  const connectors: { type: string; create: CreateConnectorFn }[] = [{ type: injected.type, create: injected() }];
  if (s.walletConnectProjectId) {
    connectors.push({
      type: walletConnect.type,
      create: walletConnect({
        projectId: s.walletConnectProjectId,
        showQrModal: true,
        metadata: {
          name: 'Perps',
          description: 'Trade perpetual futures',
          url: typeof location === 'undefined' ? 'https://localhost' : location.origin,
          icons: [],
        },
      }),
    });
  }
  return connectors;
}

let cached: { key: string; config: Config } | null = null;

/** One wagmi config per chain setting; EIP-6963 discovery is wagmi's `multiInjectedProviderDiscovery`. */
export function evmConfig(s: EvmChainSettings): Config {
  const key = `${s.evmChainId}|${s.evmRpcUrl}|${s.walletConnectProjectId ?? ''}`;
  if (cached?.key === key) return cached.config;
  const chain = bscChain(s);
  const config = createConfig({
    chains: [chain],
    connectors: evmConnectors(s).map((c) => c.create),
    multiInjectedProviderDiscovery: true,
    transports: { [chain.id]: http(s.evmRpcUrl) },
    storage: null,
  });
  cached = { key, config };
  return config;
}

export interface EvmWalletOption {
  uid: string;
  /** The wallet's own name; null for the bare `window.ethereum`, which the app calls "Browser wallet". */
  name: string | null;
  icon?: string;
}

/**
 * The wallets the browser offers: EIP-6963 announcements first, the bare `window.ethereum` only
 * when nothing announced itself, then WalletConnect when configured.
 */
export function evmWalletOptions(config: Config): EvmWalletOption[] {
  const list = config.connectors.filter((c) => c.type === 'injected');
  const announced = list.filter((c) => c.id !== 'injected');
  const plain = list.filter((c) => c.id === 'injected');
  const remote = config.connectors.filter((c) => c.type === walletConnect.type);
  const hasWindowEthereum = typeof window !== 'undefined' && 'ethereum' in window && Boolean((window as { ethereum?: unknown }).ethereum);
  return [...announced, ...(announced.length === 0 && hasWindowEthereum ? plain : []), ...remote].map((c) => ({
    uid: c.uid,
    name: c.id === 'injected' ? null : c.name,
    ...(c.icon ? { icon: c.icon } : {}),
  }));
}

/** Calls back as EIP-6963 wallets announce themselves. */
export function watchEvmWallets(config: Config, onChange: (options: EvmWalletOption[]) => void): () => void {
  onChange(evmWalletOptions(config));
  return watchConnectors(config, { onChange: () => onChange(evmWalletOptions(config)) });
}

function connectorOf(config: Config, uid: string): Connector {
  const c = config.connectors.find((x) => x.uid === uid);
  if (!c) throw new WalletError({ code: 'wallet-gone' }, 'That wallet is no longer available');
  return c;
}

/** Connects one wallet and returns the sign-in signer for its current account. */
export async function connectEvmWallet(config: Config, uid: string): Promise<EvmWalletSigner> {
  const connector = connectorOf(config, uid);
  const current = getConnection(config);
  if (current.status !== 'connected' || current.connector?.uid !== uid) {
    if (current.status === 'connected') {
      await disconnect(config).catch((e: unknown) => {
        const wallet = current.connector?.name ?? null;
        const detail = e instanceof Error ? e.message : String(e);
        throw new WalletError(
          { code: 'disconnect-failed', wallet, detail },
          `Could not disconnect ${wallet ?? 'the connected wallet'} before connecting another: ${detail}`,
        );
      });
    }
    await connect(config, { connector });
  }
  const address = getConnection(config).address;
  if (!address) throw new WalletError({ code: 'connected-without-account' }, 'The wallet connected without an account');
  return {
    chain: 'bsc',
    address,
    personalSign: (message) => signMessage(config, { account: address, message, connector }),
  };
}

/** The connected EVM account, if any. */
export function connectedEvmAddress(config: Config): Address | undefined {
  const c = getConnection(config);
  return c.status === 'connected' ? c.address : undefined;
}

/** Calls back with the new address (or null) whenever the connected account changes. */
export function watchEvmAccount(config: Config, onChange: (address: string | null) => void): () => void {
  return watchConnection(config, {
    onChange: (next, prev) => {
      if (next.address !== prev.address) onChange(next.address ?? null);
    },
  });
}

/** The DUSD balance of an address on the configured chain, in base units. */
export function dusdBalance(config: Config, token: string, owner: string): Promise<bigint> {
  return readContract(config, { address: token as Address, abi: erc20Abi, functionName: 'balanceOf', args: [owner as Address] });
}

export async function waitForReceipt(config: Config, hash: Hex, chainId: number) {
  const receipt = await waitForTransactionReceipt(config, { hash, chainId });
  if (receipt.status !== 'success') throw new WalletError({ code: 'tx-reverted', hash }, `Transaction ${hash} reverted`);
  return receipt;
}

async function ensureChain(config: Config, chainId: number): Promise<void> {
  const c = getConnection(config);
  if (c.status !== 'connected') throw new WalletError({ code: 'connect-evm-first' }, 'Connect your EVM wallet first');
  if (c.chainId !== chainId) await switchChain(config, { chainId });
}

/**
 * Withdraw step 3 (spec §4.3), before the wallet prompt: refuse if the bridge's contract is not the
 * withdraw contract the app expects on that chain (`expectedContract`, null = none known), if the
 * connected account is not `signature.caller` or the authorization expired, then switch the wallet
 * to `signature.chain_id`.
 */
async function prepareWithdraw(config: Config, w: WithdrawResponse, nowSeconds: number, expectedContract: string | null): Promise<void> {
  checkWithdrawContract(w, expectedContract);
  const c = getConnection(config);
  if (c.status !== 'connected' || !c.address) throw requesterNotConnected();
  checkWithdrawSubmission(w, c.address, nowSeconds);
  if (config.chains.every((ch) => ch.id !== w.signature.chain_id)) {
    throw new WithdrawNotAllowed({ code: 'chain-not-configured', chainId: w.signature.chain_id }, `The withdraw authorization is for chain ${w.signature.chain_id}, which this app is not configured for`);
  }
  await ensureChain(config, w.signature.chain_id);
  checkWithdrawSubmission(w, getConnection(config).address ?? '', nowSeconds);
}

/**
 * The connected wallet app as the sender of money transactions (null: none connected): each send
 * is a prompt in the wallet. The deposit is an ERC-20 transfer to the vault; the withdraw sends
 * `reqRemoteCall(message, signature)` with the on-chain amount token_amount − withdraw_fee.
 */
export function connectedAccount(config: Config): ChainAccount | null {
  const address = connectedEvmAddress(config);
  if (!address) return null;
  return {
    kind: 'connected',
    address,
    sendDusd: async (o) => {
      await ensureChain(config, o.chainId);
      return writeContract(config, { address: o.token as Address, abi: erc20Abi, functionName: 'transfer', args: [o.to as Address, o.amount], chainId: o.chainId });
    },
    prepareWithdraw: (w, nowSeconds, contract) => prepareWithdraw(config, w, nowSeconds, contract),
    submitWithdraw: async (w, nowSeconds, contract) => {
      await prepareWithdraw(config, w, nowSeconds, contract);
      return writeContract(config, {
        address: contract as Address,
        abi: withdrawContractAbi,
        functionName: 'reqRemoteCall',
        args: withdrawCallArgs(w),
        chainId: w.signature.chain_id,
      });
    },
  };
}
