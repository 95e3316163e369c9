import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEther, parseUnits } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { dusdAbi } from './abis';
import { DEPLOYER } from './accounts';
import { devnetPublicClient, devnetWalletClient } from './clients';
import { expectedAddresses } from './deploy';
import { freePort } from './free-port';
import { startChain, type ChainReset, type DepositEvent, type DevnetChain, type IndexerCursor } from './index';
import { connectOrStart, probeChainId, startHardhatNode, type ChainNode } from './node';

// Everything started here is stopped after each test, whichever handle still owns it.
const running: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const handle of running.splice(0).reverse()) await handle.stop().catch(() => undefined);
});
function track<T extends DevnetChain | ChainNode>(handle: T): T {
  running.push(handle);
  return handle;
}

const deployerNonce = (chain: { rpcUrl: string; chainId: number }) =>
  devnetPublicClient(chain.rpcUrl, chain.chainId).getTransactionCount({ address: DEPLOYER.address });

async function depositOne(chain: DevnetChain) {
  const trader = chain.testAccounts[1]!;
  await chain.mintDusd(trader.address, parseUnits('1', 18));
  const hash = await devnetWalletClient(chain.rpcUrl, chain.chainId, trader.privateKey).writeContract({
    address: chain.addresses.token,
    abi: dusdAbi,
    functionName: 'transfer',
    args: [chain.addresses.vault, parseUnits('1', 18)],
  });
  return devnetPublicClient(chain.rpcUrl, chain.chainId).waitForTransactionReceipt({ hash });
}

describe('startChain lifecycle', () => {
  it('survives its devnet being SIGKILLed; the next devnet adopts the node and its state', async () => {
    const port = await freePort();
    // One process (no tsx wrapper), so SIGKILL hits the process that spawned the node.
    const devnet = spawn(process.execPath, ['--import', 'tsx', 'devnet/chain/cli.ts', '--port', String(port)], {
      cwd: new URL('../../', import.meta.url),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    running.push({
      stop: async () => {
        if (devnet.exitCode === null && devnet.signalCode === null) devnet.kill('SIGKILL');
        if ((await probeChainId(`http://127.0.0.1:${port}`)) !== undefined) await (await connectOrStart({ port })).stop();
      },
    });
    const [line] = (await once(devnet.stdout!, 'data')) as [Buffer];
    const published = JSON.parse(line.toString()) as { genesisHash: string; addresses: unknown; reused: boolean };
    expect(published.reused).toBe(false);
    const trader = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
    devnet.kill('SIGKILL');
    await once(devnet, 'exit');

    const next = track(await startChain({ port }));
    expect(next.reused).toBe(true);
    expect(next.genesisHash).toBe(published.genesisHash);
    expect(next.addresses).toEqual(published.addresses);
    await next.mintDusd(trader, 7n);
    const balance = await devnetPublicClient(next.rpcUrl, next.chainId).readContract({
      address: next.addresses.token,
      abi: dusdAbi,
      functionName: 'balanceOf',
      args: [trader],
    });
    expect(balance).toBe(7n);
    await next.stop();
    expect(await probeChainId(next.rpcUrl)).toBeUndefined();
  });

  it('adopts a node left running (e.g. after SIGKILL) without redeploying, and can still stop it', async () => {
    const port = await freePort();
    const first = track(await startChain({ port }));
    expect(first.reused).toBe(false);
    await first.mintDusd(first.testAccounts[2]!.address, 5n);
    const nonce = await deployerNonce(first);

    // A second devnet process after the first died without stopping its node.
    const second = track(await startChain({ port }));
    expect(second.reused).toBe(true);
    expect(second.addresses).toEqual(first.addresses);
    expect(await deployerNonce(second)).toBe(nonce);
    await second.mintDusd(second.testAccounts[2]!.address, 5n);

    await second.stop();
    expect(await probeChainId(second.rpcUrl)).toBeUndefined();
  });

  it('replaces a node it started whose chain is unusable (deployer already used, contracts absent)', async () => {
    const port = await freePort();
    const bare = track(await startHardhatNode({ port }));
    const wallet = devnetWalletClient(bare.rpcUrl, bare.chainId, DEPLOYER.privateKey);
    await devnetPublicClient(bare.rpcUrl, bare.chainId).waitForTransactionReceipt({
      hash: await wallet.sendTransaction({ to: DEPLOYER.address, value: parseEther('1') }),
    });

    const chain = track(await startChain({ port }));
    expect(chain.reused).toBe(false);
    expect(chain.addresses).toEqual(expectedAddresses());
    expect(await deployerNonce(chain)).toBe(4); // three deploys and the bridge reserve mint
  });

  it('deploys onto a pristine node it finds running', async () => {
    const port = await freePort();
    track(await startHardhatNode({ port }));
    const chain = track(await startChain({ port }));
    expect(chain.reused).toBe(true);
    expect(await deployerNonce(chain)).toBe(4);
  });

  it('refuses, without killing it, an unusable node it did not start', async () => {
    const port = await freePort();
    const foreign = track(await startHardhatNode({ port }));
    rmSync(join(tmpdir(), `perps-devnet-hardhat-${port}.pid`));
    expect(existsSync(join(tmpdir(), `perps-devnet-hardhat-${port}.pid`))).toBe(false);
    await expect(startChain({ port, chainId: 1337 })).rejects.toThrow(/not started by the devnet/);
    expect(await probeChainId(foreign.rpcUrl)).toBe(31337);
  });

  it('gives every fresh node its own genesis, even two started in the same second', async () => {
    // The devnet tells chains apart by genesis hash (indexer resets, deposit refs); hardhat's genesis
    // is otherwise a function of the start second, so a quick restart looked like the same chain.
    const [a, b] = [await freePort(), await freePort()];
    const nodes = await Promise.all([startHardhatNode({ port: a }), startHardhatNode({ port: b === a ? a + 1 : b })]);
    nodes.forEach(track);
    const genesis = await Promise.all(
      nodes.map(async (n) => (await devnetPublicClient(n.rpcUrl, n.chainId).getBlock({ blockNumber: 0n })).hash),
    );
    expect(genesis[0]).not.toBe(genesis[1]);
  });

  it('reports a chain restarted fresh under a persisted cursor, then indexes the new chain from 0', async () => {
    const port = await freePort();
    const old = track(await startChain({ port }));
    let cursor: IndexerCursor | undefined;
    const deposits: DepositEvent[] = [];
    const oldIndexer = old.createIndexer({
      pollIntervalMs: 60_000,
      onDeposit: (e) => void deposits.push(e),
      onCursor: (c) => void (cursor = c),
    });
    const oldDeposit = await depositOne(old);
    await oldIndexer.poll();
    expect(deposits.map((d) => d.txHash)).toEqual([oldDeposit.transactionHash]);
    await old.stop();

    // Fresh node on the same port; the same deterministic addresses are deployed again.
    const fresh = track(await startChain({ port, reuseExisting: false }));
    expect(fresh.addresses).toEqual(old.addresses);
    const resets: ChainReset[] = [];
    const indexer = fresh.createIndexer({
      pollIntervalMs: 60_000,
      onDeposit: (e) => void deposits.push(e),
      onChainReset: (r) => {
        resets.push(r);
        indexer.start({ fromBlock: 0n }); // what the devnet does: re-index the new chain
      },
    });
    indexer.start(cursor);
    await indexer.poll();
    expect(resets).toHaveLength(1);
    expect(['head-behind-cursor', 'block-hash-changed']).toContain(resets[0]!.reason);

    const newDeposit = await depositOne(fresh);
    await indexer.poll();
    await indexer.stop();
    expect(deposits.map((d) => d.txHash)).toEqual([oldDeposit.transactionHash, newDeposit.transactionHash]);
    // A fresh chain replays identical transactions, so tx hashes repeat; refs must not.
    expect(newDeposit.transactionHash).toBe(oldDeposit.transactionHash);
    expect(fresh.genesisHash).not.toBe(old.genesisHash);
    expect(new Set(deposits.map((d) => d.ref)).size).toBe(2);
  });
});
