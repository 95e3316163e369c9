import { createTestClient, createWalletClient, http, parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dusdAbi, depositVaultAbi, withdrawBridgeAbi } from './abis';
import { devnetPublicClient, devnetWalletClient } from './clients';
import { DEFAULT_BRIDGE_RESERVE, expectedAddresses } from './deploy';
import { freePort } from './free-port';
import {
  startChain,
  type ChainIndexerOptions,
  type ChainReorg,
  type ChainReset,
  type DepositEvent,
  type DevnetChain,
  type IgnoredDepositEvent,
  type IndexerCursor,
} from './index';

let chain: DevnetChain;
let trader: DevnetChain['testAccounts'][number];
let startMs = 0;

beforeAll(async () => {
  const t0 = performance.now();
  chain = await startChain({ port: await freePort(), reuseExisting: false });
  startMs = performance.now() - t0;
  trader = chain.testAccounts[1]!;
  await chain.mintDusd(trader.address, parseUnits('100', 18));
});

afterAll(async () => {
  await chain?.stop();
});

const client = () => devnetPublicClient(chain.rpcUrl, chain.chainId);

async function deposit(amount: bigint, from = trader) {
  const wallet = devnetWalletClient(chain.rpcUrl, chain.chainId, from.privateKey);
  const hash = await wallet.writeContract({
    address: chain.addresses.token,
    abi: dusdAbi,
    functionName: 'transfer',
    args: [chain.addresses.vault, amount],
  });
  const receipt = await client().waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return receipt;
}

/** An indexer that records everything it reports. */
function recordingIndexer(extra: Partial<ChainIndexerOptions> = {}) {
  const seen = {
    deposits: [] as DepositEvent[],
    ignored: [] as IgnoredDepositEvent[],
    cursors: [] as IndexerCursor[],
    resets: [] as ChainReset[],
    reorgs: [] as ChainReorg[],
  };
  const indexer = chain.createIndexer({
    pollIntervalMs: 60_000, // tests drive it with poll()
    onDeposit: (e) => void seen.deposits.push(e),
    onIgnoredDeposit: (e) => void seen.ignored.push(e),
    onCursor: (c) => void seen.cursors.push(c),
    onChainReset: (r) => void seen.resets.push(r),
    onReorg: (r) => void seen.reorgs.push(r),
    ...extra,
  });
  return { indexer, seen };
}

describe('deploy', () => {
  it('starts a node and deploys at the documented addresses', async () => {
    console.log(`chain start + deploy: ${startMs.toFixed(0)} ms`);
    expect(chain.chainId).toBe(31337);
    expect(chain.addresses).toEqual(expectedAddresses());
    expect(chain.addresses).toEqual({
      token: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      bridge: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
      vault: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
    });
    const read = client();
    const [symbol, decimals, signer, vaultToken, vaultBridge, reserve] = await Promise.all([
      read.readContract({ address: chain.addresses.token, abi: dusdAbi, functionName: 'symbol' }),
      read.readContract({ address: chain.addresses.token, abi: dusdAbi, functionName: 'decimals' }),
      read.readContract({ address: chain.addresses.bridge, abi: withdrawBridgeAbi, functionName: 'signer' }),
      read.readContract({ address: chain.addresses.vault, abi: depositVaultAbi, functionName: 'token' }),
      read.readContract({ address: chain.addresses.vault, abi: depositVaultAbi, functionName: 'bridge' }),
      read.readContract({
        address: chain.addresses.token,
        abi: dusdAbi,
        functionName: 'balanceOf',
        args: [chain.addresses.bridge],
      }),
    ]);
    expect({ symbol, decimals, signer, vaultToken, vaultBridge }).toEqual({
      symbol: 'DUSD',
      decimals: 18,
      signer: chain.backendSigner,
      vaultToken: chain.addresses.token,
      vaultBridge: chain.addresses.bridge,
    });
    expect(reserve).toBe(DEFAULT_BRIDGE_RESERVE);
  });

  it('exposes hardhat accounts 0..9, matching the node', async () => {
    const accounts = await createWalletClient({ transport: http(chain.rpcUrl) }).getAddresses();
    expect(chain.testAccounts).toHaveLength(10);
    expect(chain.testAccounts.map((a) => a.address.toLowerCase())).toEqual(
      accounts.slice(0, 10).map((a) => a.toLowerCase()),
    );
  });

  it('lets the vault owner move deposits to the bridge, and nobody else', async () => {
    const [owner, stranger] = [chain.testAccounts[0]!, chain.testAccounts[5]!];
    await chain.mintDusd(stranger.address, parseUnits('1', 18));
    await deposit(parseUnits('1', 18), stranger);
    const balanceOf = (address: Address) =>
      client().readContract({ address: chain.addresses.token, abi: dusdAbi, functionName: 'balanceOf', args: [address] });
    const before = await balanceOf(chain.addresses.bridge);
    const fund = { address: chain.addresses.vault, abi: depositVaultAbi, functionName: 'fundBridge', args: [1n] } as const;
    await expect(client().simulateContract({ ...fund, account: stranger.address })).rejects.toThrow(/NotOwner/);
    const hash = await devnetWalletClient(chain.rpcUrl, chain.chainId, owner.privateKey).writeContract(fund);
    await client().waitForTransactionReceipt({ hash });
    expect(await balanceOf(chain.addresses.bridge)).toBe(before + 1n);
  });
});

describe('deposit indexing', () => {
  let persisted: IndexerCursor | undefined;

  it('reports a 1 DUSD transfer to the vault exactly once', async () => {
    const { indexer, seen } = recordingIndexer();
    const receipt = await deposit(parseUnits('1', 18));
    await indexer.poll();
    await indexer.poll(); // nothing new: must not repeat
    const mine = seen.deposits.filter((d) => d.txHash === receipt.transactionHash);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toEqual({
      // txHash + ordinal of the transfer among the tx's transfers to the vault (not the log index).
      ref: `${chain.chainId}:${chain.genesisHash}:${receipt.transactionHash}:0`,
      ordinal: 0,
      from: trader.address,
      amount: 10n ** 18n,
      txHash: receipt.transactionHash,
      logIndex: mine[0]!.logIndex,
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
    });
    // Every deposit so far, including the earlier one by another account, arrives once and in order.
    expect(new Set(seen.deposits.map((d) => d.ref)).size).toBe(seen.deposits.length);
    persisted = seen.cursors.at(-1);
    const block = await client().getBlock({ blockNumber: receipt.blockNumber });
    expect(persisted).toEqual({
      fromBlock: receipt.blockNumber + 1n,
      prevBlockHash: receipt.blockHash,
      genesisHash: chain.genesisHash,
      prevBlockTimestamp: block.timestamp,
    });
    expect(indexer.cursor()).toEqual(persisted);
  });

  it('does not report it again when a new indexer resumes from the persisted cursor', async () => {
    const { indexer, seen } = recordingIndexer();
    indexer.start(persisted);
    await indexer.poll();
    expect(seen.deposits).toEqual([]);
    const receipt = await deposit(parseUnits('2', 18));
    await indexer.poll();
    await indexer.stop();
    expect(seen.deposits.map((d) => [d.txHash, d.amount])).toEqual([[receipt.transactionHash, 2n * 10n ** 18n]]);
    expect(seen.resets).toEqual([]);
    persisted = indexer.cursor();
  });

  it('never credits a deposit below 0.5 DUSD, but reports it as ignored; 0.5 exactly is credited', async () => {
    const { indexer, seen } = recordingIndexer();
    indexer.start(persisted);
    const small = await deposit(parseUnits('0.4', 18));
    const minimum = await deposit(parseUnits('0.5', 18));
    await indexer.poll();
    await indexer.stop();
    expect(seen.ignored.map((d) => [d.txHash, d.amount, d.reason])).toEqual([
      [small.transactionHash, 4n * 10n ** 17n, 'below-minimum'],
    ]);
    expect(seen.deposits.map((d) => [d.txHash, d.amount])).toEqual([[minimum.transactionHash, 5n * 10n ** 17n]]);
    persisted = indexer.cursor();
  });

  it('ignores DUSD minted straight into the vault and transfers elsewhere', async () => {
    const { indexer, seen } = recordingIndexer();
    indexer.start(persisted);
    await chain.mintDusd(chain.addresses.vault, parseUnits('5', 18));
    const wallet = devnetWalletClient(chain.rpcUrl, chain.chainId, trader.privateKey);
    const other = chain.testAccounts[2]!.address;
    const hash = await wallet.writeContract({
      address: chain.addresses.token,
      abi: dusdAbi,
      functionName: 'transfer',
      args: [other, parseUnits('3', 18)],
    });
    await client().waitForTransactionReceipt({ hash });
    await indexer.poll();
    await indexer.stop();
    expect(seen.deposits).toEqual([]);
    expect(seen.ignored.map((d) => d.reason)).toEqual(['mint']);
    persisted = indexer.cursor();
  });

  it('waits for the configured confirmation depth', async () => {
    const { indexer, seen } = recordingIndexer({ confirmations: 3 });
    indexer.start(persisted);
    const receipt = await deposit(parseUnits('1', 18));
    await indexer.poll();
    expect(seen.deposits).toEqual([]);
    const test = createTestClient({ mode: 'hardhat', transport: http(chain.rpcUrl) });
    await test.mine({ blocks: 1 });
    await indexer.poll();
    expect(seen.deposits).toEqual([]);
    await test.mine({ blocks: 1 });
    await indexer.poll();
    await indexer.stop();
    expect(seen.deposits.map((d) => d.txHash)).toEqual([receipt.transactionHash]);
  });

  it('redelivers from the last cursor when a callback throws (at-least-once)', async () => {
    let failNext = true;
    const errors: unknown[] = [];
    const { indexer, seen } = recordingIndexer({
      onDeposit: (e) => {
        if (failNext) {
          failNext = false;
          throw new Error('ledger unavailable');
        }
        seen.deposits.push(e);
      },
      onError: (e) => void errors.push(e),
    });
    const head = await client().getBlockNumber();
    indexer.start({ fromBlock: head + 1n });
    await indexer.poll();
    const receipt = await deposit(parseUnits('1', 18));
    await expect(indexer.poll()).rejects.toThrow('ledger unavailable');
    expect(indexer.cursor().fromBlock).toBe(receipt.blockNumber);
    await indexer.poll();
    await indexer.stop();
    expect(seen.deposits.map((d) => d.txHash)).toEqual([receipt.transactionHash]);
  });
});

describe('chain reset detection', () => {
  it('reports a cursor beyond the head instead of silently waiting', async () => {
    const { indexer, seen } = recordingIndexer();
    const head = await client().getBlockNumber();
    indexer.start({ fromBlock: head + 50n });
    const result = await indexer.poll();
    expect(result.reset?.reason).toBe('head-behind-cursor');
    expect(seen.resets).toEqual([{ reason: 'head-behind-cursor', cursor: { fromBlock: head + 50n }, head }]);
    await indexer.stop();
  });

  it('a cursor without the chain instance (no genesis) whose block was replaced is a reset (block hash changed)', async () => {
    const test = createTestClient({ mode: 'hardhat', transport: http(chain.rpcUrl) });
    const snapshot = await test.snapshot();
    const { indexer, seen } = recordingIndexer();
    const head = await client().getBlockNumber();
    indexer.start({ fromBlock: head + 1n });
    await deposit(parseUnits('1', 18));
    await indexer.poll();
    const cursor = indexer.cursor();
    await indexer.stop();
    expect(seen.deposits).toHaveLength(1);

    // Rewind and grow a different history of the same height and more.
    await test.revert({ id: snapshot });
    await test.increaseTime({ seconds: 10 });
    await test.mine({ blocks: 3 });

    const resumed = recordingIndexer();
    resumed.indexer.start({ fromBlock: cursor.fromBlock, prevBlockHash: cursor.prevBlockHash });
    await resumed.indexer.poll();
    await resumed.indexer.stop();
    expect(resumed.seen.resets.map((r) => r.reason)).toEqual(['block-hash-changed']);
    expect(resumed.seen.deposits).toEqual([]);
  });

  it('a replaced history on the same chain instance is a reorg from the fork point, then indexing goes on', async () => {
    const test = createTestClient({ mode: 'hardhat', transport: http(chain.rpcUrl) });
    const { indexer, seen } = recordingIndexer();
    const top = await client().getBlock();
    const head = top.number;
    indexer.start({ fromBlock: head + 1n, prevBlockHash: top.hash, genesisHash: chain.genesisHash });
    await indexer.poll();
    const snapshot = await test.snapshot();
    const gone = await deposit(parseUnits('1', 18));
    await test.mine({ blocks: 2 });
    await indexer.poll();
    expect(seen.deposits.map((d) => d.txHash)).toEqual([gone.transactionHash]);

    await test.revert({ id: snapshot });
    await test.increaseTime({ seconds: 10 });
    await test.mine({ blocks: 1 });
    const kept = await deposit(parseUnits('2', 18));
    await test.mine({ blocks: 3 });
    await indexer.poll();
    await indexer.stop();
    expect(seen.resets).toEqual([]);
    expect(seen.reorgs.map((r) => r.fromBlock)).toEqual([head + 1n]);
    expect(seen.deposits.map((d) => d.txHash)).toEqual([gone.transactionHash, kept.transactionHash]);
    expect(indexer.cursor().prevBlockHash).toBe((await client().getBlock()).hash);
  });
});
