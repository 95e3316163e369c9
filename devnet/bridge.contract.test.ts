import { BaseError, ContractFunctionRevertedError, createTestClient, formatUnits, http, parseUnits } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withdrawContractAbi } from '../src/api/withdraw-contract';
import { dec } from '../src/lib/decimal';
import { checkWithdrawSubmission, withdrawCallArgs, WithdrawNotAllowed } from '../src/wallet/withdraw-transaction';
import { dusdAbi } from './chain/abis';
import { devnetPublicClient, devnetWalletClient } from './chain/clients';
import { auditChain } from './chain/chain-audit';
import { freePort } from './chain/free-port';
import { startChain, type DevnetChain, type TestAccount } from './chain';
import type { Devnet } from './devnet';
import { evmWallet, expectAudit, signedInTrader, startTestDevnet, type Trader } from './test-support/harness';

let chain: DevnetChain;
let clockOffset = 0;
const clock = () => Date.now() + clockOffset;
let devnet: Devnet;
let holder: TestAccount;
let trader: Trader;

beforeAll(async () => {
  chain = await startChain({ port: await freePort(), reuseExisting: false });
  devnet = await startTestDevnet({ chain, evmChainId: chain.chainId, clock });
  holder = chain.testAccounts[5]!;
  trader = await signedInTrader(devnet, evmWallet(holder.privateKey));
  await chain.mintDusd(holder.address, parseUnits('1000', 18));
}, 60_000);
afterEach(() => expectAudit(devnet));
afterAll(async () => {
  await devnet?.close();
  await chain?.stop();
});

const pub = () => devnetPublicClient(chain.rpcUrl, chain.chainId);
const wallet = () => devnetWalletClient(chain.rpcUrl, chain.chainId, holder.privateKey);
const onChainBalance = () => pub().readContract({ address: chain.addresses.token, abi: dusdAbi, functionName: 'balanceOf', args: [holder.address] });
const cash = async () => {
  const res = await fetch(`${devnet.urls.baseUrl}/devnet/wallets`, { headers: { authorization: `Bearer ${trader.session.token}` } });
  return ((await res.json()) as { cash: { free: string; locked: string } }).cash;
};

/** Until the devnet's indexer has processed `block` (2 confirmations: the chain mines one a second). */
async function indexedPast(block: bigint) {
  await expect.poll(async () => (await devnet.chainLink!.poll()).cursor.fromBlock > block, { timeout: 10_000, interval: 100 }).toBe(true);
}

const creditDelays: number[] = [];
async function deposit(amount: string) {
  const hash = await wallet().writeContract({ address: chain.addresses.token, abi: dusdAbi, functionName: 'transfer', args: [chain.addresses.vault, parseUnits(amount, 18)] });
  const receipt = await pub().waitForTransactionReceipt({ hash });
  const t0 = performance.now();
  await indexedPast(receipt.blockNumber);
  creditDelays.push(performance.now() - t0);
}

describe('money on-chain: deposit, transfer, withdraw through reqRemoteCall', () => {
  it('credits a deposit to the Cash Wallet once, and never one below 0.5 DUSD', async () => {
    const before = dec((await cash()).free);
    await deposit('25');
    expect(dec((await cash()).free).minus(before).eq(25)).toBe(true);
    await devnet.chainLink!.poll();
    expect(dec((await cash()).free).minus(before).eq(25)).toBe(true);
    await deposit('0.4');
    expect(dec((await cash()).free).minus(before).eq(25)).toBe(true);
    expect(devnet.ledger.exchange.moneyInvariant().ok).toBe(true);
  });

  it('moves money to perps and back, then withdraws token_amount − fee on-chain and confirms', async () => {
    await trader.api.wallet.transferToPerps({ amount: '20' });
    await trader.api.wallet.transferToSpot({ amount: '20' });
    const chainBefore = await onChainBalance();
    const cashBefore = await cash();

    const w = await trader.api.wallet.withdraw({ amount: '10', chain: 'bsc' });
    expect(w.tx).toMatchObject({ status: 'Pending', tx_type: 'withdraw_req', token_amount: '10', token_addr: chain.addresses.token });
    expect(w.signature).toMatchObject({ chain_id: chain.chainId, contract_address: chain.addresses.bridge });
    expect(w.signature.caller.toLowerCase()).toBe(holder.address.toLowerCase());
    const reserved = await cash();
    expect(dec(cashBefore.free).minus(reserved.free).eq(10)).toBe(true);
    expect(dec(reserved.locked).minus(cashBefore.locked).eq(10)).toBe(true);

    // The same call with token_amount itself is refused by the contract and moves nothing.
    const [message, signature] = withdrawCallArgs(w);
    const wrong = await wallet()
      .writeContract({ address: chain.addresses.bridge, abi: withdrawContractAbi, functionName: 'reqRemoteCall', args: [{ ...message, amount: parseUnits('10', 18) }, signature] })
      .catch((e: unknown) => e);
    const reverted = wrong instanceof BaseError ? wrong.walk((e) => e instanceof ContractFunctionRevertedError) : null;
    expect((reverted as ContractFunctionRevertedError | null)?.data?.errorName).toBe('InvalidSignature');

    checkWithdrawSubmission(w, holder.address, Math.floor(Date.now() / 1000));
    const hash = await wallet().writeContract({ address: chain.addresses.bridge, abi: withdrawContractAbi, functionName: 'reqRemoteCall', args: [message, signature] });
    expect((await pub().waitForTransactionReceipt({ hash })).status).toBe('success');
    expect(formatUnits((await onChainBalance()) - chainBefore, 18)).toBe(dec('10').minus(w.withdraw_fee).toFixed());

    await indexedPast((await pub().getTransactionReceipt({ hash })).blockNumber);
    const history = (await (await fetch(`${devnet.urls.bridgeUrl}/devnet/withdrawals`, { headers: { authorization: `Bearer ${trader.session.token}` } })).json()) as {
      tx: { id: string; status: string; dst_tx: string };
    }[];
    expect(history.find((h) => h.tx.id === w.tx.id)?.tx).toMatchObject({ status: 'Confirmed', dst_tx: hash });
    const after = await cash();
    expect(dec(after.locked).eq(cashBefore.locked)).toBe(true);
    expect(dec(cashBefore.free).minus(after.free).eq(10)).toBe(true);
    expect(devnet.ledger.exchange.moneyInvariant().ok).toBe(true);

    // Replaying the used authorization reverts (InvalidNonce) and pays nothing twice.
    const balance = await onChainBalance();
    const replay = await wallet()
      .writeContract({ address: chain.addresses.bridge, abi: withdrawContractAbi, functionName: 'reqRemoteCall', args: [message, signature] })
      .catch((e: unknown) => e);
    expect(((replay as BaseError).walk((e) => e instanceof ContractFunctionRevertedError) as ContractFunctionRevertedError).data?.errorName).toBe('InvalidNonce');
    expect(await onChainBalance()).toBe(balance);
  });

  it('refuses, before the wallet prompt, a withdrawal for another account or past its expiry', async () => {
    const w = await trader.api.wallet.withdraw({ amount: '2', chain: 'bsc' });
    expect(() => checkWithdrawSubmission(w, chain.testAccounts[6]!.address, Math.floor(Date.now() / 1000))).toThrow(WithdrawNotAllowed);
    expect(() => checkWithdrawSubmission(w, holder.address, w.signature.expired_at + 1)).toThrow(/expired/);
  });

  it('the devnet mint gives a brand-new wallet DUSD and gas to deposit with', async () => {
    const fresh = evmWallet();
    const res = await fetch(`${devnet.urls.baseUrl}/devnet/mint`, { method: 'POST', body: JSON.stringify({ address: fresh.address, amount: '3' }) });
    expect(res.status).toBe(200);
    const dusd = await pub().readContract({ address: chain.addresses.token, abi: dusdAbi, functionName: 'balanceOf', args: [fresh.address as `0x${string}`] });
    expect(formatUnits(dusd, 18)).toBe('3');
    expect(await pub().getBalance({ address: fresh.address as `0x${string}` })).toBeGreaterThanOrEqual(10n ** 18n);
  });

  it('returns an authorization nobody used past expired_at to the Cash Wallet as Expired', async () => {
    const before = await cash();
    // Requests still pending from earlier tests expire too; their amounts come back as well.
    const earlierPending = devnet.ledger.withdrawals.records.filter((r) => r.status === 'Pending').reduce((sum, r) => sum.plus(r.amount), dec(0));
    const w = await trader.api.wallet.withdraw({ amount: '3', chain: 'bsc' });
    expect(dec(before.free).minus((await cash()).free).eq(3)).toBe(true);
    // Refunded only once an indexed block is past expired_at (decisions.md): move chain time too.
    const test = createTestClient({ mode: 'hardhat', transport: http(chain.rpcUrl) });
    await test.increaseTime({ seconds: Math.max(1, w.signature.expired_at + 5 - Number((await pub().getBlock()).timestamp)) });
    await test.mine({ blocks: 1 });
    clockOffset = (w.signature.expired_at + 31) * 1000 - Date.now();
    try {
      await expect
        .poll(async () => {
          const list = (await (await fetch(`${devnet.urls.bridgeUrl}/devnet/withdrawals`, { headers: { authorization: `Bearer ${trader.session.token}` } })).json()) as {
            tx: { id: string; status: string };
          }[];
          return list.find((h) => h.tx.id === w.tx.id)?.tx.status;
        }, { timeout: 8_000 })
        .toBe('Expired');
    } finally {
      clockOffset = 0;
    }
    const after = await cash();
    expect(dec(after.free).eq(dec(before.free).plus(earlierPending))).toBe(true);
    expect(dec(after.locked).eq(dec(before.locked).minus(earlierPending))).toBe(true);
  });

  it('chain and exchange agree: the vault holds every deposit, the bridge paid withdrawals net of fees', async () => {
    const vault = await pub().readContract({ address: chain.addresses.token, abi: dusdAbi, functionName: 'balanceOf', args: [chain.addresses.vault] });
    // 25 credited + 0.4 below the minimum (never credited, still in the vault).
    expect(formatUnits(vault, 18)).toBe('25.4');
    const confirmed = devnet.ledger.withdrawals.records.filter((r) => r.status === 'Confirmed');
    expect(confirmed.map((r) => r.amount)).toEqual(['10']);
    expect(devnet.ledger.exchange.moneyInvariant().ok).toBe(true);
  });

  it('answers a bad withdraw request with 400 and reserves nothing', async () => {
    const before = await cash();
    await expect(trader.api.wallet.withdraw({ amount: '0.05', chain: 'bsc' })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/fee/) });
    await expect(trader.api.wallet.withdraw({ amount: '5', chain: 'solana' })).rejects.toMatchObject({ status: 400 });
    await expect(trader.api.wallet.withdraw({ amount: '99999999', chain: 'bsc' })).rejects.toMatchObject({ status: 400 });
    expect(await cash()).toEqual(before);
  });

  it('the chain audit: credits = vault receipts, confirmed = MessageReq payouts, every request settled once', async () => {
    await indexedPast(await pub().getBlockNumber());
    const audit = await auditChain({ ledger: devnet.ledger, rpcUrl: chain.rpcUrl, chainId: chain.chainId, ...chain.addresses });
    expect(audit.problems, audit.detail).toEqual([]);
    expect(audit.ok).toBe(true);
    const ms = creditDelays.map((d) => d.toFixed(0)).join(', ');
    console.log(`[bridge] deposit receipt → indexed at 2 confirmations: ${ms} ms; ${audit.detail}`);
  });
});
