import { formatUnits, parseUnits } from 'viem';
import type { WithdrawAuthorizer } from './bridge/bridge-routes';
import type { WithdrawRecord } from './bridge/withdrawals';
import type { DevnetChain } from './chain';
import { devnetPublicClient } from './chain/clients';
import { messageReqEvent } from './chain/indexer';
import type { DevnetInfo } from './devnet-routes';
import type { Ledger } from './persistence/ledger';

/** A withdraw authorization unused this long after `expired_at` (wall clock) may be returned to the Cash Wallet. */
export const EXPIRY_GRACE_MS = 30_000;
/** Devnet defaults: deposits count at 2 confirmations; the chain mines a block every second. */
export const DEFAULT_CONFIRMATIONS = 2;
export const DEFAULT_BLOCK_MS = 1000;
/** The stored cursor is rewritten at least this many blocks apart when nothing happened. */
const CURSOR_SAVE_BLOCKS = 30n;


export interface ChainLinkOptions {
  now: () => number;
  log: (line: string) => void;
  /** Blocks a deposit (or withdrawal) needs, itself included, before it counts; default 2. */
  confirmations?: number;
  /** Interval mining for the chain (hardhat evm_setIntervalMining; automine stays on); 0 = leave it. Default 1000. */
  blockMs?: number;
}

/**
 * Joins the exchange to the local chain (decisions.md "Money safety in the devnet"):
 * - DUSD sent to the vault credits the sender's Cash Wallet once it has `confirmations` blocks
 *   (the ledger dedupes on the event ref, txHash + ordinal of the vault transfer in the tx);
 * - a credit whose block leaves the canonical chain is reversed (`depositReversed`);
 * - an indexed `MessageReq` confirms the withdraw request it matches on caller, nonce, token and
 *   net amount; a mismatching one is logged and ignored;
 * - a Pending request is refunded (Expired) only when the indexer has processed a block whose
 *   timestamp is past `expired_at` and the chain shows no MessageReq for its caller + nonce up to
 *   that block (and the wall-clock grace has passed too);
 * - the bridge signs for the real contract.
 */
export function linkChain(ledger: Ledger, chain: DevnetChain, o: ChainLinkOptions) {
  const client = devnetPublicClient(chain.rpcUrl, chain.chainId);
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
  const blockMs = o.blockMs ?? DEFAULT_BLOCK_MS;
  /** Interval mining is node state: set again whenever the node under us turns out to be a new one. */
  const setIntervalMining = () => {
    if (blockMs <= 0) return;
    rpc(chain.rpcUrl, 'evm_setIntervalMining', [blockMs]).catch((e: unknown) => o.log(`interval mining not set: ${e instanceof Error ? e.message : String(e)}`));
  };
  setIntervalMining();

  let lastSaved = { genesis: '', fromBlock: -1n };
  // Something was delivered since the cursor was last stored: store the next one whatever its distance.
  let dirty = false;
  const saveCursor = (fromBlock: bigint, prevBlockHash?: string, genesis = chain.genesisHash as string) => {
    if (genesis === lastSaved.genesis && fromBlock === lastSaved.fromBlock) return;
    const far = fromBlock - lastSaved.fromBlock >= CURSOR_SAVE_BLOCKS || fromBlock < lastSaved.fromBlock;
    if (genesis === lastSaved.genesis && !dirty && !far) return;
    lastSaved = { genesis, fromBlock };
    dirty = false;
    ledger.run({ op: 'chainCursor', cursor: { genesisHash: genesis, fromBlock: fromBlock.toString(), ...(prevBlockHash ? { prevBlockHash } : {}) } });
  };
  /** The newest block the indexer has fully processed, and its timestamp. */
  let indexed: { block: bigint; time: bigint } | undefined;
  /** `${caller}:${nonce}` of Pending requests whose nonce the chain shows used by a mismatching MessageReq. */
  const nonceUsed = new Set<string>();
  const netAmount = (r: WithdrawRecord) => parseUnits(r.amount, 18) - parseUnits(r.fee, 18);

  const indexer = chain.createIndexer({
    confirmations: o.confirmations ?? DEFAULT_CONFIRMATIONS,
    onDeposit: (ev) => {
      dirty = true;
      const r = ledger.run({
        op: 'deposit',
        user: `bsc_${ev.from.toLowerCase()}`,
        amount: formatUnits(ev.amount, 18),
        ref: ev.ref,
        chain: { txHash: ev.txHash, block: ev.blockNumber.toString(), blockHash: ev.blockHash },
      });
      if (r.ok) o.log(`deposit ${formatUnits(ev.amount, 18)} DUSD from ${ev.from} (tx ${ev.txHash})`);
      else if (r.code !== 409) o.log(`deposit ${ev.ref} not credited: ${r.message}`);
    },
    onIgnoredDeposit: (ev) => o.log(`ignored ${formatUnits(ev.amount, 18)} DUSD from ${ev.from}: ${ev.reason}`),
    onWithdraw: (ev) => {
      dirty = true;
      const pending = ledger.withdrawals.pendingFor(ev.caller, Number(ev.nonce));
      if (!pending) return; // already confirmed (redelivery) or not ours
      const want = netAmount(pending);
      if (ev.token.toLowerCase() !== pending.tokenAddr.toLowerCase() || ev.amount !== want) {
        nonceUsed.add(`${pending.caller.toLowerCase()}:${pending.nonce}`);
        o.log(
          `withdraw ${pending.id}: MessageReq mismatch in ${ev.txHash} (token ${ev.token}, amount ${ev.amount}; ` +
            `authorized ${pending.tokenAddr}, ${want}): ignored, the request stays Pending`,
        );
        return;
      }
      ledger.run({ op: 'withdrawConfirmed', id: pending.id, dstTx: ev.txHash, dstBlock: ev.blockNumber.toString(), ...(genesisOf(ev.ref) ? { dstGenesis: genesisOf(ev.ref) } : {}) });
      o.log(`withdraw ${pending.id} confirmed in ${ev.txHash}`);
    },
    onReorg: async (reorg) => {
      dirty = true;
      const prefix = `${chain.chainId}:${reorg.cursor.genesisHash ?? chain.genesisHash}:`;
      o.log(`reorg: blocks from ${reorg.fromBlock} replaced; checking their deposit credits`);
      for (const [ref, d] of Object.entries(ledger.chainDeposits)) {
        if (d.reversed || !ref.startsWith(prefix) || BigInt(d.block) < reorg.fromBlock) continue;
        const block = await client.getBlock({ blockNumber: BigInt(d.block) }).catch(() => null);
        if (block?.hash === d.blockHash) continue;
        const r = ledger.run({ op: 'depositReversed', ref });
        if (r.ok) o.log(`deposit ${d.amount} DUSD to ${d.user} reversed: block ${d.block} left the canonical chain (tx ${d.txHash})`);
      }
      // A payout reorged away: the request is Pending again (re-mined, it confirms again; else it expires).
      const genesis = reorg.cursor.genesisHash ?? chain.genesisHash;
      for (const r of ledger.withdrawals.records) {
        if (r.status !== 'Confirmed' || (r.dstGenesis ?? chain.genesisHash) !== genesis || BigInt(r.dstBlock) < reorg.fromBlock) continue;
        const receipt = await client.getTransactionReceipt({ hash: r.dstTx as `0x${string}` }).catch(() => null);
        if (receipt && receipt.status === 'success' && receipt.blockNumber === BigInt(r.dstBlock)) continue;
        const u = ledger.run({ op: 'withdrawUnconfirmed', id: r.id });
        if (u.ok) o.log(`withdraw ${r.id}: its payout ${r.dstTx} left the canonical chain; Pending again`);
      }
    },
    onCursor: (c) => {
      if (c.prevBlockTimestamp !== undefined) indexed = { block: c.fromBlock - 1n, time: c.prevBlockTimestamp };
      saveCursor(c.fromBlock, c.prevBlockHash, c.genesisHash);
    },
    onChainReset: (reset) => {
      o.log(`chain reset (${reset.reason}): indexing the new chain from block 0`);
      setIntervalMining();
      indexed = undefined;
      dirty = true;
      saveCursor(0n, undefined, 'reset'); // the new genesis is stored with the next cursor
      indexer.start({ fromBlock: 0n });
    },
    onError: (e) => o.log(`indexer: ${e instanceof Error ? e.message : String(e)}`),
  });
  const genesisOf = (ref: string) => ref.split(':')[1];

  const saved = ledger.chainCursor;
  if (saved && saved.genesisHash === chain.genesisHash) {
    lastSaved = { genesis: saved.genesisHash, fromBlock: BigInt(saved.fromBlock) };
    indexer.start({
      fromBlock: BigInt(saved.fromBlock),
      genesisHash: chain.genesisHash,
      ...(saved.prevBlockHash ? { prevBlockHash: saved.prevBlockHash as `0x${string}` } : {}),
    });
  } else {
    if (saved) o.log('the chain is a new instance: indexing it from block 0');
    dirty = true;
    saveCursor(0n);
    indexer.start({ fromBlock: 0n });
  }

  let expiring = false;
  const expireDue = async () => {
    if (expiring || !indexed) return;
    expiring = true;
    try {
      const at = indexed;
      for (const r of ledger.withdrawals.records) {
        if (r.status !== 'Pending' || o.now() <= r.expiredAt * 1000 + EXPIRY_GRACE_MS) continue;
        // The chain itself must have moved past expired_at in a block the indexer has processed:
        // any reqRemoteCall mined in time is then already seen (and would have confirmed the request).
        if (at.time <= BigInt(r.expiredAt)) continue;
        const key = `${r.caller.toLowerCase()}:${r.nonce}`;
        if (nonceUsed.has(key)) continue;
        const logs = await client.getLogs({ address: chain.addresses.bridge, event: messageReqEvent, args: { caller: r.caller as `0x${string}` }, fromBlock: 0n, toBlock: at.block });
        if (logs.some((l) => l.args.message?.nonce === BigInt(r.nonce))) {
          nonceUsed.add(key);
          o.log(`withdraw ${r.id}: its nonce was used on-chain by a MessageReq that does not match it; not refunded`);
          continue;
        }
        if (ledger.withdrawals.byId(r.id)?.status === 'Pending') {
          ledger.run({ op: 'withdrawExpired', id: r.id });
          o.log(`withdraw ${r.id} expired unused (chain at block ${at.block}, time ${at.time} > ${r.expiredAt}): refunded`);
        }
      }
    } catch (e) {
      o.log(`expiry check: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      expiring = false;
    }
  };
  const expirer = setInterval(() => void expireDue(), 2_000);

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
    /** One expiry check now (tests). */
    expireDue,
    stop: async () => {
      clearInterval(expirer);
      await indexer.stop();
    },
  };
}
export type ChainLink = ReturnType<typeof linkChain>;

/** Gas for devnet wallets: 10 ETH when below 1 (hardhat_setBalance is a local-node-only call). */
async function topUpGas(rpcUrl: string, address: string): Promise<void> {
  const wei = BigInt((await rpc(rpcUrl, 'eth_getBalance', [address, 'latest'])) ?? '0x0');
  if (wei < 10n ** 18n) await rpc(rpcUrl, 'hardhat_setBalance', [address, `0x${(10n * 10n ** 18n).toString(16)}`]);
}

async function rpc(rpcUrl: string, method: string, params: unknown[]): Promise<string | undefined> {
  const res = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await res.json()) as { result?: string; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}
