/**
 * The built-in Devnet wallet as a sender: a viem local account over the configured RPC, so the
 * browser signs and sends the deposit transfer and `reqRemoteCall` itself (no wallet prompt).
 * Reached only through the lazily loaded evm-wallets module; the built-in wallet exists only on
 * the devnet (ServiceExtras.testWallet), whose chain is a local Hardhat node.
 */
import { createPublicClient, createWalletClient, erc20Abi, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { withdrawContractAbi } from '../api/withdraw-contract';
import type { ChainAccount } from './chain-account';
import type { EvmChainSettings } from './evm-wallets';
import { bscChain } from './evm-wallets';
import { checkWithdrawContract, checkWithdrawSubmission, withdrawCallArgs, WithdrawNotAllowed } from './withdraw-transaction';

/** Below this much ETH a new built-in wallet gets gas from the local node (as /devnet/mint gives). */
const GAS_FLOOR = 10n ** 16n;
const GAS_TOP_UP = 10n * 10n ** 18n;

export function addressOfKey(key: Hex): string {
  return privateKeyToAccount(key).address;
}

export function builtInAccount(s: EvmChainSettings, key: Hex): ChainAccount {
  const account = privateKeyToAccount(key);
  const chain = bscChain(s);
  const wallet = createWalletClient({ account, chain, transport: http(s.evmRpcUrl) });
  const reader = createPublicClient({ chain, transport: http(s.evmRpcUrl) });
  const onOwnChain = (chainId: number) => {
    if (chainId !== chain.id) throw new WithdrawNotAllowed({ code: 'built-in-other-chain', own: chain.id, asked: chainId }, `The built-in Devnet wallet sends only on the devnet chain ${chain.id}, not on chain ${chainId}`);
  };
  // A fresh built-in wallet has no ETH to pay gas with; the devnet's node tops it up, as
  // /devnet/mint does for any wallet (hardhat_setBalance: a local-node-only call).
  const ensureGas = async () => {
    const wei = await reader.getBalance({ address: account.address });
    if (wei >= GAS_FLOOR) return;
    await (reader.request as (a: { method: string; params: unknown[] }) => Promise<unknown>)({
      method: 'hardhat_setBalance',
      params: [account.address, `0x${GAS_TOP_UP.toString(16)}`],
    });
  };
  const prepareWithdraw = async (w: Parameters<ChainAccount['prepareWithdraw']>[0], nowSeconds: number, contract: string | null) => {
    checkWithdrawContract(w, contract);
    checkWithdrawSubmission(w, account.address, nowSeconds);
    onOwnChain(w.signature.chain_id);
    await ensureGas();
  };
  return {
    kind: 'built-in',
    address: account.address,
    sendDusd: async ({ token, to, amount, chainId }) => {
      onOwnChain(chainId);
      await ensureGas();
      return wallet.writeContract({ address: token as Address, abi: erc20Abi, functionName: 'transfer', args: [to as Address, amount] });
    },
    prepareWithdraw,
    submitWithdraw: async (w, nowSeconds, contract) => {
      await prepareWithdraw(w, nowSeconds, contract);
      return wallet.writeContract({ address: contract as Address, abi: withdrawContractAbi, functionName: 'reqRemoteCall', args: withdrawCallArgs(w) });
    },
  };
}
