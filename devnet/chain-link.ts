import { formatUnits } from 'viem';
import type { WithdrawAuthorizer } from './bridge/bridge-routes';
import type { DevnetChain } from './chain';
import type { DevnetInfo } from './devnet-routes';
import type { Ledger } from './persistence/ledger';

/** A withdraw authorization unused this long after `expired_at` is returned to the Cash Wallet. */
export const EXPIRY_GRACE_MS = 30_000;

/**
 * Joins the exchange to the local chain: DUSD sent to the vault credits the sender's Cash Wallet
 * (once: the ledger dedupes on the event ref), an indexed `reqRemoteCall` confirms its withdraw
 * request, an authorization nobody used expires, and the bridge signs for the real contract.
 */
export function linkChain(ledger: Ledger, chain: DevnetChain, o: { now: () => number; log: (line: string) => void }) {
  const authorizer: WithdrawAuthorizer = {
    chainId: chain.chainId,
    contractAddress: chain.addresses.bridge,
    tokenAddress: chain.addresses.token,
    sign: (a) =>
      chain.signWithdrawAuthorization({
        token: a.token as `0x${string}`,
        amount: a.amount,
        nonce: a.nonce,
        expiredAt: a.expiredAt,
        chainId: chain.chainId,
        caller: a.caller as `0x${string}`,
        contractAddress: chain.addresses.bridge,
      }),
  };
  let lastSaved = '';
  const saveCursor = (fromBlock: bigint, prevBlockHash?: string) => {
    const key = `${chain.genesisHash}:${fromBlock}`;
    if (key === lastSaved) return;
    lastSaved = key;
    ledger.run({ op: 'chainCursor', cursor: { genesisHash: chain.genesisHash, fromBlock: fromBlock.toString(), ...(prevBlockHash ? { prevBlockHash } : {}) } });
  };

  const indexer = chain.createIndexer({
    onDeposit: (ev) => {
      const r = ledger.run({ op: 'deposit', user: `bsc_${ev.from.toLowerCase()}`, amount: formatUnits(ev.amount, 18), ref: ev.ref });
      if (r.ok) o.log(`deposit ${formatUnits(ev.amount, 18)} DUSD from ${ev.from} (tx ${ev.txHash})`);
    },
    onIgnoredDeposit: (ev) => o.log(`ignored ${formatUnits(ev.amount, 18)} DUSD from ${ev.from}: ${ev.reason}`),
    onWithdraw: (ev) => {
      const pending = ledger.withdrawals.pendingFor(ev.caller, Number(ev.nonce));
      if (!pending) return; // already confirmed (redelivery) or not ours
      ledger.run({ op: 'withdrawConfirmed', id: pending.id, dstTx: ev.txHash, dstBlock: ev.blockNumber.toString() });
      o.log(`withdraw ${pending.id} confirmed in ${ev.txHash}`);
    },
    onCursor: (c) => void saveCursor(c.fromBlock, c.prevBlockHash),
    onChainReset: (reset) => {
      o.log(`chain reset (${reset.reason}): indexing the new chain from block 0`);
      saveCursor(0n);
      indexer.start({ fromBlock: 0n });
    },
    onError: (e) => o.log(`indexer: ${e instanceof Error ? e.message : String(e)}`),
  });

  const saved = ledger.chainCursor;
  if (saved && saved.genesisHash === chain.genesisHash) {
    indexer.start({ fromBlock: BigInt(saved.fromBlock), ...(saved.prevBlockHash ? { prevBlockHash: saved.prevBlockHash as `0x${string}` } : {}) });
  } else {
    if (saved) o.log('the chain is a new instance: indexing it from block 0');
    saveCursor(0n);
    indexer.start({ fromBlock: 0n });
  }

  const expirer = setInterval(() => {
    const now = o.now();
    for (const r of ledger.withdrawals.records) {
      if (r.status === 'Pending' && now > r.expiredAt * 1000 + EXPIRY_GRACE_MS) ledger.run({ op: 'withdrawExpired', id: r.id });
    }
  }, 2_000);

  const info: NonNullable<DevnetInfo['chain']> = {
    chainId: chain.chainId,
    rpcUrl: chain.rpcUrl,
    token: chain.addresses.token,
    vault: chain.addresses.vault,
    bridge: chain.addresses.bridge,
  };

  return {
    authorizer,
    info,
    /** Mints DUSD on-chain to an EVM address, and tops up its gas so a fresh wallet can send it. */
    mint: async (to: string, amount: bigint) => {
      await topUpGas(chain.rpcUrl, to);
      return chain.mintDusd(to as `0x${string}`, amount);
    },
    /** One indexer pass now (tests). */
    poll: () => indexer.poll(),
    stop: async () => {
      clearInterval(expirer);
      await indexer.stop();
    },
  };
}
export type ChainLink = ReturnType<typeof linkChain>;

/** Gas for devnet wallets: 10 ETH when below 1 (hardhat_setBalance is a local-node-only call). */
async function topUpGas(rpcUrl: string, address: string): Promise<void> {
  const rpc = async (method: string, params: unknown[]) => {
    const res = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    const body = (await res.json()) as { result?: string; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  };
  const wei = BigInt((await rpc('eth_getBalance', [address, 'latest'])) ?? '0x0');
  if (wei < 10n ** 18n) await rpc('hardhat_setBalance', [address, `0x${(10n * 10n ** 18n).toString(16)}`]);
}
