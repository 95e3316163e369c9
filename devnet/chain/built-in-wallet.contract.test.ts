/**
 * The app's built-in Devnet wallet as a sender (src/wallet/built-in-account.ts) against a real
 * devnet and chain: a brand-new key with no ETH and no DUSD deposits through the vault and
 * withdraws through reqRemoteCall by itself, and the bridge states its fee before any request.
 */
import { formatUnits, parseUnits } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dec } from '../../src/lib/decimal';
import { builtInAccount } from '../../src/wallet/built-in-account';
import { devnetApi } from '../../src/wallet/devnet-api';
import type { Devnet } from '../devnet';
import { evmWallet, expectAudit, signedInTrader, startTestDevnet, type Trader } from '../test-support/harness';
import { dusdAbi } from './abis';
import { devnetPublicClient } from './clients';
import { freePort } from './free-port';
import { startChain, type DevnetChain } from './index';

let chain: DevnetChain;
let devnet: Devnet;

beforeAll(async () => {
  chain = await startChain({ port: await freePort(), reuseExisting: false });
  devnet = await startTestDevnet({ chain, evmChainId: chain.chainId });
}, 60_000);
afterEach(() => expectAudit(devnet));
afterAll(async () => {
  await devnet?.close();
  await chain?.stop();
});

const pub = () => devnetPublicClient(chain.rpcUrl, chain.chainId);
const dusdOf = (address: string) => pub().readContract({ address: chain.addresses.token, abi: dusdAbi, functionName: 'balanceOf', args: [address as `0x${string}`] });

async function cashFree(trader: Trader): Promise<string> {
  return (await devnetApi(devnet.urls).wallets(trader.session.token, null)).cash.free;
}

describe('the built-in Devnet wallet sends its own money transactions', () => {
  it('states the withdraw fee before a request, and the withdraw answer charges exactly that', async () => {
    const fee = await devnetApi(devnet.urls).withdrawFee();
    const trader = await signedInTrader(devnet);
    await devnetApi(devnet.urls).faucet(trader.session.token, '5');
    const w = await trader.api.wallet.withdraw({ amount: '2', chain: 'bsc' });
    expect(w.withdraw_fee).toBe(fee);
  });

  it('a fresh key (no ETH, no DUSD): mint, deposit to the vault, withdraw through reqRemoteCall — all sent by the app', async () => {
    const key = generatePrivateKey();
    const trader = await signedInTrader(devnet, evmWallet(key));
    const sender = builtInAccount({ evmChainId: chain.chainId, evmRpcUrl: chain.rpcUrl }, key);
    expect(sender.address).toBe(trader.session.address);
    expect(await pub().getBalance({ address: sender.address as `0x${string}` })).toBe(0n);

    // DUSD minted on-chain; then the app's own transfer to the vault is credited to the Cash Wallet.
    await chain.mintDusd(sender.address as `0x${string}`, parseUnits('30', 18));
    const deposit = await sender.sendDusd({ token: chain.addresses.token, to: chain.addresses.vault, amount: parseUnits('25', 18), chainId: chain.chainId });
    expect((await pub().waitForTransactionReceipt({ hash: deposit })).status).toBe('success');
    await expect.poll(async () => (await devnet.chainLink!.poll(), cashFree(trader)), { timeout: 15_000, interval: 200 }).toBe('25');

    // Withdraw 10: the bridge authorizes, the built-in wallet checks and sends reqRemoteCall itself.
    const w = await trader.api.wallet.withdraw({ amount: '10', chain: 'bsc' });
    const now = Math.floor(Date.now() / 1000);
    await sender.prepareWithdraw(w, now, chain.addresses.bridge);
    const hash = await sender.submitWithdraw(w, now, chain.addresses.bridge);
    expect((await pub().waitForTransactionReceipt({ hash })).status).toBe('success');
    expect(formatUnits(await dusdOf(sender.address), 18)).toBe(dec('5').plus(dec('10').minus(w.withdraw_fee)).toFixed());
    await expect
      .poll(async () => (await devnet.chainLink!.poll(), (await devnetApi(devnet.urls).withdrawals(trader.session.token)).find((x) => x.tx.id === w.tx.id)?.tx.status), { timeout: 15_000, interval: 200 })
      .toBe('Confirmed');
  });

  it('refuses, before sending, an authorization naming another contract or chain', async () => {
    const key = generatePrivateKey();
    const trader = await signedInTrader(devnet, evmWallet(key));
    await devnetApi(devnet.urls).faucet(trader.session.token, '5');
    const sender = builtInAccount({ evmChainId: chain.chainId, evmRpcUrl: chain.rpcUrl }, key);
    const w = await trader.api.wallet.withdraw({ amount: '2', chain: 'bsc' });
    const now = Math.floor(Date.now() / 1000);
    await expect(sender.submitWithdraw(w, now, '0x6666666666666666666666666666666666666666')).rejects.toThrow(/not the withdraw contract/);
    await expect(sender.submitWithdraw({ ...w, signature: { ...w.signature, chain_id: 56 } }, now, chain.addresses.bridge)).rejects.toThrow(/only on the devnet chain/);
    expect(await pub().getTransactionCount({ address: sender.address as `0x${string}` })).toBe(0);
  });
});
