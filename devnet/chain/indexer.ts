/**
 * Turns chain events into ledger inputs: DUSD transfers into the vault become deposits, and
 * WithdrawBridge `MessageReq` events confirm withdrawals.
 *
 * Delivery is at-least-once and in chain order: callbacks are awaited one by one and the
 * cursor advances (onCursor) only after every event up to it was handled, so a crash or a
 * throwing callback means redelivery from the last cursor, never a gap. Consumers dedupe on
 * `ref` (see EventBase.ref).
 */
import { getAbiItem, type Address, type Hex } from 'viem';
import { withdrawContractAbi } from '../../src/api/withdraw-contract';
import { dusdAbi } from './abis';
import { devnetPublicClient } from './clients';

/** Spec §1: the minimum deposit is 0.5 DUSD; smaller transfers are never credited. */
export const MIN_DEPOSIT = 5n * 10n ** 17n;

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
const transferEvent = getAbiItem({ abi: dusdAbi, name: 'Transfer' });
const messageReqEvent = getAbiItem({ abi: withdrawContractAbi, name: 'MessageReq' });

/**
 * Where to resume: `fromBlock` is the first block not yet processed. `prevBlockHash` is the hash
 * of block fromBlock − 1; persisting it lets a restarted indexer notice that the chain under it
 * was replaced even when the new chain has already grown past the old height.
 */
export interface IndexerCursor {
  fromBlock: bigint;
  prevBlockHash?: Hex;
}

interface EventBase {
  /**
   * The dedupe key: `${chainId}:${genesisHash}:${txHash}:${logIndex}`. The genesis hash is
   * there because a devnet chain restarted fresh replays the same deployer transactions: same
   * sender, nonce, data and fees give the very same tx hashes, so `${chainId}:${txHash}:…`
   * alone would make a deposit on the new chain look like one already credited on the old.
   */
  ref: string;
  txHash: Hex;
  logIndex: number;
  blockNumber: bigint;
}

export interface DepositEvent extends EventBase {
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
  minDeposit?: bigint;
  pollIntervalMs?: number;
  /** Largest eth_getLogs range per request. */
  maxBlockRange?: bigint;
  onDeposit(event: DepositEvent): MaybePromise<void>;
  onIgnoredDeposit?(event: IgnoredDepositEvent): MaybePromise<void>;
  onWithdraw?(event: WithdrawEvent): MaybePromise<void>;
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

type Delivery = { blockNumber: bigint; logIndex: number; deliver: () => MaybePromise<void> };

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
  const ref = (txHash: Hex, logIndex: number) => `${options.chainId}:${genesisHash}:${txHash}:${logIndex}`;

  let cursor: IndexerCursor = { fromBlock: 0n };
  let generation = 0;
  let running = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  // Head seen by the last poll that checked the chain; an unchanged head needs no re-check.
  let checkedHead: bigint | undefined;
  let pendingReset: ChainReset | undefined;

  async function detectReset(head: bigint): Promise<ChainResetReason | undefined> {
    if (checkedHead === undefined) {
      if ((await client.getChainId()) !== options.chainId) return 'chain-id-changed';
      genesisHash = (await client.getBlock({ blockNumber: 0n })).hash;
    }
    if (cursor.fromBlock > 0n && head < cursor.fromBlock - 1n) return 'head-behind-cursor';
    if (cursor.fromBlock > 0n && cursor.prevBlockHash) {
      const block = await client.getBlock({ blockNumber: cursor.fromBlock - 1n });
      if (block.hash !== cursor.prevBlockHash) return 'block-hash-changed';
    }
    const codes = await Promise.all([options.token, options.bridge].map((address) => client.getCode({ address })));
    if (codes.some((code) => code === undefined)) return 'contracts-missing';
    return undefined;
  }

  async function eventsIn(fromBlock: bigint, toBlock: bigint): Promise<Delivery[]> {
    const [transfers, requests] = await Promise.all([
      client.getLogs({ address: options.token, event: transferEvent, args: { to: options.vault }, fromBlock, toBlock }),
      client.getLogs({ address: options.bridge, event: messageReqEvent, fromBlock, toBlock }),
    ]);
    const deliveries: Delivery[] = [];
    for (const log of transfers) {
      const { from, value } = log.args;
      if (from === undefined || value === undefined) continue;
      const event: DepositEvent = {
        ref: ref(log.transactionHash, log.logIndex),
        from,
        amount: value,
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        blockNumber: log.blockNumber,
      };
      const reason = from === ZERO_ADDRESS ? 'mint' : value < minDeposit ? 'below-minimum' : undefined;
      deliveries.push({
        blockNumber: log.blockNumber,
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
      };
      deliveries.push({ blockNumber: log.blockNumber, logIndex: log.logIndex, deliver: () => options.onWithdraw?.(event) });
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
    if (head !== checkedHead) {
      const reason = await detectReset(head);
      if (reason) {
        const reset: ChainReset = { reason, cursor, head };
        pendingReset = reset;
        halt();
        await options.onChainReset?.(reset);
        return { head, cursor: reset.cursor, reset };
      }
      checkedHead = head;
    }
    const safeHead = head - (confirmations - 1n);
    while (cursor.fromBlock <= safeHead) {
      const toBlock = cursor.fromBlock + maxRange - 1n < safeHead ? cursor.fromBlock + maxRange - 1n : safeHead;
      const [deliveries, block] = await Promise.all([
        eventsIn(cursor.fromBlock, toBlock),
        client.getBlock({ blockNumber: toBlock }),
      ]);
      for (const item of deliveries) {
        // start() was called meanwhile (e.g. from a callback): its cursor wins.
        if (generation !== myGeneration) return { head, cursor };
        await item.deliver();
      }
      if (generation !== myGeneration) return { head, cursor };
      cursor = { fromBlock: toBlock + 1n, prevBlockHash: block.hash };
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
