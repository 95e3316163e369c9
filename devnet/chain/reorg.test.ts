/**
 * Issue #13 item 2: deposits and reorgs, through the real ledger, chain link and Hardhat node.
 * Reorgs are made with evm_snapshot / evm_revert and re-mining the same signed transaction (same
 * tx hash), optionally behind another transaction so its log index changes.
 */
import { createTestClient, encodeFunctionData, http, keccak256, parseUnits, type Hex } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withdrawContractAbi } from '../../src/api/withdraw-contract';
import { linkChain, type ChainLink } from '../chain-link';
import { Ledger } from '../persistence/ledger';
import { dusdAbi } from './abis';
import { devnetPublicClient, devnetWalletClient } from './clients';
import { freePort } from './free-port';
import { startChain, type DevnetChain, type TestAccount } from './index';

let chain: DevnetChain;
let trader: TestAccount;
let filler: TestAccount;
let ledger: Ledger;
let link: ChainLink;
const logs: string[] = [];

const test = () => createTestClient({ mode: 'hardhat', transport: http(chain.rpcUrl) });
const pub = () => devnetPublicClient(chain.rpcUrl, chain.chainId);
const user = () => `bsc_${trader.address.toLowerCase()}`;
const cashFree = () => parseUnits(ledger.exchange.wallets(user()).cash.free, 18);

beforeAll(async () => {
  chain = await startChain({ port: await freePort(), reuseExisting: false });
  trader = chain.testAccounts[1]!;
  filler = chain.testAccounts[2]!;
  await chain.mintDusd(trader.address, parseUnits('1000', 18));
  await chain.mintDusd(filler.address, parseUnits('1000', 18));
}, 60_000);
afterAll(async () => {
  await chain?.stop();
});

beforeEach(async () => {
  ledger = new Ledger({ startTime: Date.now(), seed: 1 }, Date.now, null);
  ledger.open();
  logs.length = 0;
  // Depth 2, no interval mining: the test mines every block itself.
  link = linkChain(ledger, chain, { now: Date.now, log: (l) => void logs.push(l), confirmations: 2, blockMs: 0 });
  // Catch up with everything earlier tests left on the chain.
  await test().mine({ blocks: 2 });
  await link.poll();
});
afterEach(async () => {
  await link.stop();
});

/** A signed DUSD transfer to the vault, not yet sent: the same bytes can be mined again after a reorg. */
async function signedDeposit(amount: bigint): Promise<Hex> {
  const wallet = devnetWalletClient(chain.rpcUrl, chain.chainId, trader.privateKey);
  const request = await wallet.prepareTransactionRequest({
    to: chain.addresses.token,
    data: encodeFunctionData({ abi: dusdAbi, functionName: 'transfer', args: [chain.addresses.vault, amount] }),
    gas: 100_000n,
  });
  return wallet.signTransaction(request);
}

async function send(raw: Hex) {
  const hash = await pub().sendRawTransaction({ serializedTransaction: raw });
  return pub().waitForTransactionReceipt({ hash });
}

/** Mines `raw` again in one block behind a DUSD transfer by another account: a new block and log index. */
async function remineBehindFiller(raw: Hex) {
  await test().setAutomine(false);
  try {
    const wallet = devnetWalletClient(chain.rpcUrl, chain.chainId, filler.privateKey);
    await wallet.writeContract({ address: chain.addresses.token, abi: dusdAbi, functionName: 'transfer', args: [chain.testAccounts[6]!.address, 1n] });
    await pub().sendRawTransaction({ serializedTransaction: raw });
    await test().mine({ blocks: 1 });
  } finally {
    await test().setAutomine(true);
  }
  const receipt = await pub().getTransactionReceipt({ hash: keccak256(raw) });
  expect(receipt.status).toBe('success');
  return receipt;
}

async function audit() {
  const { auditChain } = await import('./chain-audit');
  const a = await auditChain({ ledger, rpcUrl: chain.rpcUrl, chainId: chain.chainId, ...chain.addresses });
  expect(a.problems, a.detail).toEqual([]);
  expect(a.ok).toBe(true);
}

describe('deposits and reorgs', () => {
  it('a deposit re-mined at another log index after a one-block reorg is credited once', async () => {
    const amount = parseUnits('7', 18);
    const before = cashFree();
    const snapshot = await test().snapshot();
    const raw = await signedDeposit(amount);
    const first = await send(raw);
    await link.poll();
    // One-block reorg: the deposit's block is replaced by one carrying it behind another transfer.
    await test().revert({ id: snapshot });
    await test().increaseTime({ seconds: 1 });
    const second = await remineBehindFiller(raw);
    expect(second.transactionHash).toBe(first.transactionHash);
    expect(second.logs.findIndex((l) => l.address.toLowerCase() === chain.addresses.token.toLowerCase())).toBe(0);
    await test().mine({ blocks: 2 });
    await link.poll();
    await link.poll();
    expect(cashFree() - before).toBe(amount);
    await audit();
  });

  it('a credited deposit whose blocks are reorged away and re-mined elsewhere ends credited exactly once', async () => {
    const amount = parseUnits('11', 18);
    const before = cashFree();
    const snapshot = await test().snapshot();
    const raw = await signedDeposit(amount);
    await send(raw);
    await test().mine({ blocks: 2 });
    await link.poll();
    expect(cashFree() - before).toBe(amount);
    // A three-block reorg: deeper than the confirmation depth.
    await test().revert({ id: snapshot });
    await test().increaseTime({ seconds: 1 });
    await test().mine({ blocks: 1 });
    await remineBehindFiller(raw);
    await test().mine({ blocks: 3 });
    await link.poll();
    await link.poll();
    expect(cashFree() - before).toBe(amount);
    await audit();
  });

  it('a credited deposit reorged away entirely is reversed', async () => {
    const amount = parseUnits('13', 18);
    const before = cashFree();
    const snapshot = await test().snapshot();
    await send(await signedDeposit(amount));
    await test().mine({ blocks: 2 });
    await link.poll();
    expect(cashFree() - before).toBe(amount);
    await test().revert({ id: snapshot });
    await test().increaseTime({ seconds: 1 });
    await test().mine({ blocks: 5 });
    await link.poll();
    await link.poll();
    expect(cashFree()).toBe(before);
    expect(ledger.exchange.moneyInvariant().ok).toBe(true);
    await audit();
  });

  it('credits only at the confirmation depth (2 blocks by default)', async () => {
    const amount = parseUnits('3', 18);
    const before = cashFree();
    await send(await signedDeposit(amount));
    await link.poll();
    expect(cashFree()).toBe(before);
    await test().mine({ blocks: 1 });
    await link.poll();
    expect(cashFree() - before).toBe(amount);
    await audit();
  });

  it('a withdrawal confirmed in blocks that are reorged away is Pending again, and confirmed again when re-mined', async () => {
    const account = user();
    // Cash to withdraw, credited by a deposit.
    await send(await signedDeposit(parseUnits('20', 18)));
    await test().mine({ blocks: 1 });
    await link.poll();
    const chainNow = (await pub().getBlock()).timestamp;
    const auth = { token: chain.addresses.token, amount: parseUnits('4.9', 18), nonce: 1n, expiredAt: chainNow + 3600n, chainId: chain.chainId, caller: trader.address, contractAddress: chain.addresses.bridge };
    const signature = await chain.signWithdrawAuthorization(auth);
    const id = `wd_reorg_${Date.now()}`;
    const r = ledger.run({
      op: 'withdrawRequest',
      record: {
        id, account, nonce: 1, status: 'Pending', fromAddr: account, caller: trader.address, token: 'DUSD', tokenAddr: chain.addresses.token,
        amount: '5', fee: '0.1', srcChain: 'bsc', dstChain: 'bsc', expiredAt: Number(auth.expiredAt), chainId: chain.chainId,
        contractAddress: chain.addresses.bridge, signature, dstTx: '', dstBlock: '0', createdAt: '', updatedAt: '',
      },
    });
    expect(r.ok).toBe(true);
    const locked = () => ledger.exchange.wallets(account).cash.locked;
    const submit = async () => {
      const wallet = devnetWalletClient(chain.rpcUrl, chain.chainId, trader.privateKey);
      const hash = await wallet.writeContract({
        address: chain.addresses.bridge,
        abi: withdrawContractAbi,
        functionName: 'reqRemoteCall',
        args: [{ token: auth.token, amount: auth.amount, nonce: auth.nonce }, { expiredAt: auth.expiredAt, chainId: BigInt(auth.chainId), caller: auth.caller, contractAddress: auth.contractAddress, signature }],
      });
      expect((await pub().waitForTransactionReceipt({ hash })).status).toBe('success');
      return hash;
    };
    const snapshot = await test().snapshot();
    const first = await submit();
    await test().mine({ blocks: 2 });
    await link.poll();
    expect(ledger.withdrawals.byId(id)).toMatchObject({ status: 'Confirmed', dstTx: first });
    expect(locked()).toBe('0');

    // Reorged away, deeper than the confirmation depth: the payout no longer exists.
    await test().revert({ id: snapshot });
    await test().increaseTime({ seconds: 1 });
    await test().mine({ blocks: 5 });
    await link.poll();
    await link.poll();
    expect(ledger.withdrawals.byId(id)?.status).toBe('Pending');
    expect(locked()).toBe('5');
    expect(ledger.exchange.moneyInvariant().ok).toBe(true);
    await audit();

    // The authorization is still valid: submitted again, it confirms again, once.
    const second = await submit();
    await test().mine({ blocks: 2 });
    await link.poll();
    expect(ledger.withdrawals.byId(id)).toMatchObject({ status: 'Confirmed', dstTx: second });
    expect(locked()).toBe('0');
    await audit();
  });
});
