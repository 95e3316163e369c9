/**
 * Turns chain events into ledger inputs: DUSD transfers into the vault become deposits, and
 * WithdrawBridge `MessageReq` events confirm withdrawals.
 *
 * Delivery is at-least-once and in chain order: callbacks are awaited one by one and the
 * cursor advances (onCursor) only after every event up to it was handled, so a crash or a
 * throwing callback means redelivery from the last cursor, never a gap. Consumers dedupe on
 * `ref` (see EventBase.ref).
 *
 * Reorgs: the indexer remembers the hashes of the blocks it processed (the last `reorgWindow`
 * range ends). When the block before its cursor is no longer canonical on the same chain instance
 * (same genesis), it walks back to the newest remembered block that still is, reports
 * `onReorg({ fromBlock })` (every event it delivered from `fromBlock` on may be gone) and indexes
 * again from there. A different genesis, or a cursor that carries no genesis, is a chain reset.
 */
import { getAbiItem, type Address, type Hex } from 'viem';
import { withdrawContractAbi } from '../../src/api/withdraw-contract';
import { dusdAbi } from './abis';
import { devnetPublicClient } from './clients';

/** Spec §1: the minimum deposit is 0.5 DUSD; smaller transfers are never credited. */
export const MIN_DEPOSIT = 5n * 10n ** 17n;

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
export const transferEvent = getAbiItem({ abi: dusdAbi, name: 'Transfer' });
export const messageReqEvent = getAbiItem({ abi: withdrawContractAbi, name: 'MessageReq' });

/**
 * Where to resume: `fromBlock` is the first block not yet processed. `prevBlockHash` is the hash
 * of block fromBlock − 1; persisting it lets a restarted indexer notice that the chain under it
 * was replaced even when the new chain has already grown past the old height.
 */
export interface IndexerCursor {
  fromBlock: bigint;
  prevBlockHash?: Hex;
  /** Hash of block 0 of the chain the cursor belongs to; lets a mismatch be told apart: reorg or new chain. */
  genesisHash?: Hex;
  /** Timestamp of block fromBlock − 1 (set on the cursors the indexer reports; not needed to resume). */
  prevBlockTimestamp?: bigint;
}

interface EventBase {
  /**
   * The dedupe key. Deposits: `${chainId}:${genesisHash}:${txHash}:${ordinal}`, where `ordinal` is
   * the place of this transfer among the transfers to the vault in the same transaction (0 for a
   * plain transfer). A reorg can re-mine the same transaction in another block at another log
   * index, but its transfers to the vault and their order are the same, so the same deposit keeps
   * its ref and cannot be credited twice; a transaction with several transfers to the vault still
   * gives each its own ref. Withdrawals: `${chainId}:${genesisHash}:${txHash}:${logIndex}` (they
   * are matched on caller + nonce, not on the ref). The genesis hash is
   * there because a devnet chain restarted fresh replays the same deployer transactions: same
   * sender, nonce, data and fees give the very same tx hashes, so `${chainId}:${txHash}:…`
   * alone would make a deposit on the new chain look like one already credited on the old.
   */
  ref: string;
  txHash: Hex;
  logIndex: number;
  blockNumber: bigint;
  blockHash: Hex;
}

export interface DepositEvent extends EventBase {
  /** Place among the transaction's transfers to the vault (see `ref`). */
  ordinal: number;
  from: Address;
  /** Base units (18 decimals). */
  amount: bigint;
}

export interface IgnoredDepositEvent extends DepositEvent {
  /** `below-minimum`: under MIN_DEPOSIT. `mint`: DUSD minted straight into the vault, no sender to credit. */
  reason: 'below-minimum' | 'mint';
}

export interface WithdrawEvent extends EventBase {
  caller: Address;
  token: Address;
  /** Base units paid out on-chain (already net of the withdraw fee). */
  amount: bigint;
  nonce: bigint;
  /** The bridge's 0-based request counter. */
  index: bigint;
}

export type ChainResetReason = 'head-behind-cursor' | 'block-hash-changed' | 'contracts-missing' | 'chain-id-changed';

export interface ChainReset {
  reason: ChainResetReason;
  /** The cursor that no longer fits the chain. */
  cursor: IndexerCursor;
  head: bigint;
}

type MaybePromise<T> = T | Promise<T>;

export interface IndexerOptions {
  rpcUrl: string;
  chainId: number;
  token: Address;
  vault: Address;
  bridge: Address;
  /** A block counts once it has this many blocks on top, itself included; default 1 (mined = final). */
  confirmations?: number;
  /** How many processed range ends are remembered to find where a reorg forked; default 64. */
  reorgWindow?: number;
  minDeposit?: bigint;
  pollIntervalMs?: number;
  /** Largest eth_getLogs range per request. */
  maxBlockRange?: bigint;
  onDeposit(event: DepositEvent): MaybePromise<void>;
  onIgnoredDeposit?(event: IgnoredDepositEvent): MaybePromise<void>;
  onWithdraw?(event: WithdrawEvent): MaybePromise<void>;
  /**
   * Blocks from `fromBlock` on that this indexer processed are no longer canonical: undo what came
   * from them if it is gone. Indexing then resumes from `fromBlock` (redelivering what is still
   * there, at-least-once as always). If it throws, the pass fails and the reorg is reported again.
   */
  onReorg?(reorg: ChainReorg): MaybePromise<void>;
  /** Persist this; pass it back to start() after a restart. */
  onCursor?(cursor: IndexerCursor): MaybePromise<void>;
  /**
   * The chain no longer matches the cursor (node restarted fresh, contracts gone). Polling has
   * stopped; decide what to do (typically redeploy, then start({ fromBlock: 0n })).
   */
  onChainReset?(reset: ChainReset): MaybePromise<void>;
  /** A poll failed (node unreachable, callback threw); the next poll retries. Default: console.warn. */
  onError?(error: unknown): void;
}

export interface ChainReorg {
  /** First block that may have changed. */
  fromBlock: bigint;
  /** The cursor that no longer fits. */
  cursor: IndexerCursor;
  head: bigint;
}

export interface PollResult {
  head: bigint;
  cursor: IndexerCursor;
  reset?: ChainReset;
}

export interface ChainIndexer {
  /** Starts polling from `cursor` (default block 0). Calling it again restarts from the given cursor. */
  start(cursor?: IndexerCursor): void;
  /** Stops polling and waits for a poll in flight. */
  stop(): Promise<void>;
  /** One pass up to the current head, serialized with the polling loop; resolves when done. */
  poll(): Promise<PollResult>;
  cursor(): IndexerCursor;
}

type Delivery = { blockNumber: bigint; blockHash: Hex; logIndex: number; deliver: () => MaybePromise<void> };

export function createIndexer(options: IndexerOptions): ChainIndexer {
  const client = devnetPublicClient(options.rpcUrl, options.chainId);
  const confirmations = BigInt(options.confirmations ?? 1);
  if (confirmations < 1n) throw new Error('confirmations must be at least 1');
  const minDeposit = options.minDeposit ?? MIN_DEPOSIT;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const maxRange = options.maxBlockRange ?? 2000n;
  const onError = options.onError ?? ((error: unknown) => console.warn('[chain indexer] poll failed:', error));
  // Genesis hash of the chain being indexed, fetched on the first poll after start().
  let genesisHash: Hex | undefined;
  const ref = (txHash: Hex, n: number) => `${options.chainId}:${genesisHash}:${txHash}:${n}`;
  const reorgWindow = options.reorgWindow ?? 64;
  // Hashes of processed blocks (range ends), oldest first: where to look for a reorg's fork point.
  let recent: { number: bigint; hash: Hex }[] = [];

  let cursor: IndexerCursor = { fromBlock: 0n };
  let generation = 0;
  let running = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  // Head seen by the last poll that checked the chain; an unchanged head needs no re-check.
  let checkedHead: bigint | undefined;
  let pendingReset: ChainReset | undefined;

  /** A reset reason, 'reorg' (same chain, the cursor's block was replaced), or nothing. */
  async function check(head: bigint): Promise<ChainResetReason | 'reorg' | undefined> {
    if (checkedHead === undefined) {
      if ((await client.getChainId()) !== options.chainId) return 'chain-id-changed';
      genesisHash = (await client.getBlock({ blockNumber: 0n })).hash;
      if (cursor.genesisHash && cursor.genesisHash !== genesisHash) return 'block-hash-changed';
      const codes = await Promise.all([options.token, options.bridge].map((address) => client.getCode({ address })));
      if (codes.some((code) => code === undefined)) return 'contracts-missing';
    } else if (head !== checkedHead) {
      // A node restarted under us is a new chain, not a reorg.
      if ((await client.getBlock({ blockNumber: 0n })).hash !== genesisHash) return 'block-hash-changed';
    }
    // Only a cursor known to belong to this very chain instance can be reorged; otherwise: reset.
    // The genesis is read again first: a node restarted under us may have reached the same height.
    const sameChain = async () =>
      cursor.genesisHash === genesisHash && (await client.getBlock({ blockNumber: 0n })).hash === genesisHash;
    if (cursor.fromBlock > 0n && head < cursor.fromBlock - 1n) return (await sameChain()) ? 'reorg' : 'head-behind-cursor';
    if (cursor.fromBlock > 0n && cursor.prevBlockHash) {
      const block = await client.getBlock({ blockNumber: cursor.fromBlock - 1n }).catch(() => undefined);
      if (block?.hash !== cursor.prevBlockHash) return (await sameChain()) ? 'reorg' : 'block-hash-changed';
    }
    return undefined;
  }

  /** First block that may differ: one past the newest remembered block still canonical. */
  async function forkPoint(head: bigint): Promise<bigint> {
    for (let i = recent.length - 1; i >= 0; i--) {
      const known = recent[i]!;
      if (known.number > head) continue;
      const block = await client.getBlock({ blockNumber: known.number });
      if (block.hash === known.hash) return known.number + 1n;
    }
    // Nothing remembered (fresh start from a persisted cursor): assume the deepest reorg we allow.
    const back = cursor.fromBlock - BigInt(reorgWindow);
    return back > 0n ? back : 0n;
  }

  async function eventsIn(fromBlock: bigint, toBlock: bigint): Promise<Delivery[]> {
    const [transfers, requests] = await Promise.all([
      client.getLogs({ address: options.token, event: transferEvent, args: { to: options.vault }, fromBlock, toBlock }),
      client.getLogs({ address: options.bridge, event: messageReqEvent, fromBlock, toBlock }),
    ]);
    const deliveries: Delivery[] = [];
    // Ordinal of each transfer among its transaction's transfers to the vault (a tx lies in one block,
    // and ranges are whole blocks, so all of them are in this answer).
    const perTx = new Map<Hex, number>();
    for (const log of [...transfers].sort((a, b) => (a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1))) {
      const { from, value } = log.args;
      if (from === undefined || value === undefined) continue;
      const ordinal = perTx.get(log.transactionHash) ?? 0;
      perTx.set(log.transactionHash, ordinal + 1);
      const event: DepositEvent = {
        ref: ref(log.transactionHash, ordinal),
        ordinal,
        from,
        amount: value,
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        blockNumber: log.blockNumber,
        blockHash: log.blockHash,
      };
      const reason = from === ZERO_ADDRESS ? 'mint' : value < minDeposit ? 'below-minimum' : undefined;
      deliveries.push({
        blockNumber: log.blockNumber,
        blockHash: log.blockHash,
        logIndex: log.logIndex,
        deliver: () => (reason ? options.onIgnoredDeposit?.({ ...event, reason }) : options.onDeposit(event)),
      });
    }
    for (const log of requests) {
      const { caller, message, index } = log.args;
      if (caller === undefined || message === undefined || index === undefined) continue;
      const event: WithdrawEvent = {
        ref: ref(log.transactionHash, log.logIndex),
        caller,
        token: message.token,
        amount: message.amount,
        nonce: message.nonce,
        index,
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        blockNumber: log.blockNumber,
        blockHash: log.blockHash,
      };
      deliveries.push({ blockNumber: log.blockNumber, blockHash: log.blockHash, logIndex: log.logIndex, deliver: () => options.onWithdraw?.(event) });
    }
    return deliveries.sort((a, b) =>
      a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
    );
  }

  async function pollOnce(): Promise<PollResult> {
    // A detected reset is reported once; polling stays off until start() picks a new cursor.
    if (pendingReset) return { head: pendingReset.head, cursor, reset: pendingReset };
    const myGeneration = generation;
    const head = await client.getBlockNumber();
    const found = await check(head);
    if (found === 'reorg') {
      const fromBlock = await forkPoint(head);
      await options.onReorg?.({ fromBlock, cursor, head });
      if (generation !== myGeneration) return { head, cursor };
      const prev = fromBlock > 0n ? await client.getBlock({ blockNumber: fromBlock - 1n }) : undefined;
      recent = recent.filter((r) => r.number < fromBlock);
      cursor = { fromBlock, genesisHash, ...(prev ? { prevBlockHash: prev.hash, prevBlockTimestamp: prev.timestamp } : {}) };
      await options.onCursor?.(cursor);
    } else if (found) {
      const reset: ChainReset = { reason: found, cursor, head };
      pendingReset = reset;
      halt();
      await options.onChainReset?.(reset);
      return { head, cursor: reset.cursor, reset };
    }
    checkedHead = head;
    const safeHead = head - (confirmations - 1n);
    while (cursor.fromBlock <= safeHead) {
      const toBlock = cursor.fromBlock + maxRange - 1n < safeHead ? cursor.fromBlock + maxRange - 1n : safeHead;
      const [deliveries, block] = await Promise.all([
        eventsIn(cursor.fromBlock, toBlock),
        client.getBlock({ blockNumber: toBlock }),
      ]);
      // The chain moved under this read (a reorg between the two calls): leave it to the next pass.
      if (deliveries.some((d) => d.blockNumber === toBlock && d.blockHash !== block.hash)) break;
      for (const item of deliveries) {
        // start() was called meanwhile (e.g. from a callback): its cursor wins.
        if (generation !== myGeneration) return { head, cursor };
        await item.deliver();
      }
      if (generation !== myGeneration) return { head, cursor };
      cursor = { fromBlock: toBlock + 1n, prevBlockHash: block.hash, genesisHash, prevBlockTimestamp: block.timestamp };
      recent.push({ number: toBlock, hash: block.hash });
      if (recent.length > reorgWindow) recent = recent.slice(-reorgWindow);
      await options.onCursor?.(cursor);
    }
    return { head, cursor };
  }

  function poll(): Promise<PollResult> {
    const run = queue.then(pollOnce, pollOnce);
    queue = run.catch(() => undefined);
    return run;
  }

  function halt(): void {
    running = false;
    if (timer) clearTimeout(timer);
    timer = undefined;
  }

  function loop(myGeneration: number, delayMs: number): void {
    timer = setTimeout(() => {
      poll()
        .catch(onError)
        .finally(() => {
          if (running && generation === myGeneration) loop(myGeneration, pollIntervalMs);
        });
    }, delayMs);
  }

  return {
    start(from = { fromBlock: 0n }) {
      halt();
      generation += 1;
      cursor = { ...from };
      checkedHead = undefined;
      // The block before the cursor is known: a reorg is searched for down to it at least.
      recent = cursor.prevBlockHash && cursor.fromBlock > 0n ? [{ number: cursor.fromBlock - 1n, hash: cursor.prevBlockHash }] : [];
      genesisHash = undefined;
      pendingReset = undefined;
      running = true;
      loop(generation, 0);
    },
    async stop() {
      // The poll in flight finishes its range and saves its cursor: stopping must not cause redelivery.
      halt();
      await queue;
    },
    poll,
    cursor: () => cursor,
  };
}
