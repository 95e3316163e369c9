import {
  BaseError,
  ContractFunctionRevertedError,
  createTestClient,
  hexToBigInt,
  http,
  parseUnits,
  toHex,
  type Address,
  type Hex,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawContractAbi } from '../../src/api/withdraw-contract';
import { onChainWithdrawAmount } from '../../src/wallet/withdraw-amount';
import { dusdAbi, withdrawBridgeAbi } from './abis';
import { devnetPublicClient, devnetWalletClient } from './clients';
import { freePort } from './free-port';
import { startChain, type DevnetChain, type TestAccount, type WithdrawAuthorization, type WithdrawEvent } from './index';
import { signWithdrawAuthorization, withdrawAuthorizationDigest } from './withdraw-signer';

let chain: DevnetChain;
let caller: TestAccount;
let stranger: TestAccount;

// The spec's example: token_amount 10, withdraw_fee 0.5 ⇒ 9.5 DUSD on-chain.
const AMOUNT = parseUnits('10', 18) - parseUnits('0.5', 18);
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

beforeAll(async () => {
  chain = await startChain({ port: await freePort(), reuseExisting: false });
  caller = chain.testAccounts[3]!;
  stranger = chain.testAccounts[4]!;
});

afterAll(async () => {
  await chain?.stop();
});

const client = () => devnetPublicClient(chain.rpcUrl, chain.chainId);
const testClient = () => createTestClient({ mode: 'hardhat', transport: http(chain.rpcUrl) });

async function now(): Promise<bigint> {
  return (await client().getBlock()).timestamp;
}

async function authorization(overrides: Partial<WithdrawAuthorization> = {}): Promise<WithdrawAuthorization> {
  return {
    token: chain.addresses.token,
    amount: AMOUNT,
    nonce: 1n,
    expiredAt: (await now()) + 3600n,
    chainId: chain.chainId,
    caller: caller.address,
    contractAddress: chain.addresses.bridge,
    ...overrides,
  };
}

/** reqRemoteCall arguments exactly as the app builds them from the bridge's withdraw response. */
function callArgs(auth: WithdrawAuthorization, signature: Hex, submittedAmount = auth.amount) {
  return [
    { token: auth.token, amount: submittedAmount, nonce: auth.nonce },
    {
      expiredAt: auth.expiredAt,
      chainId: BigInt(auth.chainId),
      caller: auth.caller,
      contractAddress: auth.contractAddress,
      signature,
    },
  ] as const;
}

type Args = ReturnType<typeof callArgs>;

function submit(args: Args, from: TestAccount, gas?: bigint) {
  return devnetWalletClient(chain.rpcUrl, chain.chainId, from.privateKey).writeContract({
    address: chain.addresses.bridge,
    abi: withdrawContractAbi,
    functionName: 'reqRemoteCall',
    args,
    gas,
  });
}

async function balances() {
  const of = (address: Address) =>
    client().readContract({ address: chain.addresses.token, abi: dusdAbi, functionName: 'balanceOf', args: [address] });
  const [callerBalance, strangerBalance, bridgeBalance, lastNonce] = await Promise.all([
    of(caller.address),
    of(stranger.address),
    of(chain.addresses.bridge),
    client().readContract({
      address: chain.addresses.bridge,
      abi: withdrawBridgeAbi,
      functionName: 'lastNonce',
      args: [caller.address],
    }),
  ]);
  return { callerBalance, strangerBalance, bridgeBalance, lastNonce };
}

/**
 * Asserts the call reverts with `error`: first as a wallet would see it (simulation decodes the
 * custom error), then by mining it anyway with a fixed gas limit to prove the chain itself
 * rejects it and no balance or nonce moves.
 */
async function expectRevert(args: Args, from: TestAccount, error: string) {
  const before = await balances();
  const simulated = await client()
    .simulateContract({
      address: chain.addresses.bridge,
      abi: withdrawContractAbi,
      functionName: 'reqRemoteCall',
      args,
      account: from.address,
    })
    .then(
      () => undefined,
      (e: unknown) => {
        const reverted = e instanceof BaseError ? e.walk((c) => c instanceof ContractFunctionRevertedError) : null;
        return reverted instanceof ContractFunctionRevertedError ? reverted.data?.errorName : String(e);
      },
    );
  expect(simulated).toBe(error);
  const receipt = await client().waitForTransactionReceipt({ hash: await submit(args, from, 300_000n) });
  expect(receipt.status).toBe('reverted');
  expect(await balances()).toEqual(before);
}

describe('withdraw via reqRemoteCall', () => {
  const withdrawals: WithdrawEvent[] = [];

  it('computes the backend digest exactly like the contract', async () => {
    const auth = await authorization({ nonce: 77n });
    const onChain = await client().readContract({
      address: chain.addresses.bridge,
      abi: withdrawBridgeAbi,
      functionName: 'authorizationDigest',
      args: callArgs(auth, '0xdeadbeef'),
    });
    expect(onChain).toBe(withdrawAuthorizationDigest(auth));
  });

  it('pays token_amount − withdraw_fee to the caller and emits an indexed MessageReq', async () => {
    expect(onChainWithdrawAmount('10', '0.5')).toBe(AMOUNT);
    const indexer = chain.createIndexer({ onDeposit: () => undefined, onWithdraw: (e) => void withdrawals.push(e) });
    indexer.start({ fromBlock: (await client().getBlockNumber()) + 1n });

    const before = await balances();
    const auth = await authorization();
    const signature = await chain.signWithdrawAuthorization(auth);
    const receipt = await client().waitForTransactionReceipt({ hash: await submit(callArgs(auth, signature), caller) });
    expect(receipt.status).toBe('success');

    const after = await balances();
    expect(after.callerBalance - before.callerBalance).toBe(AMOUNT);
    expect(before.bridgeBalance - after.bridgeBalance).toBe(AMOUNT);
    expect(after.lastNonce).toBe(1n);

    await indexer.poll();
    await indexer.stop();
    expect(withdrawals).toEqual([
      {
        ref: `${chain.chainId}:${chain.genesisHash}:${receipt.transactionHash}:${withdrawals[0]?.logIndex}`,
        caller: caller.address,
        token: chain.addresses.token,
        amount: AMOUNT,
        nonce: 1n,
        index: 0n,
        txHash: receipt.transactionHash,
        logIndex: withdrawals[0]?.logIndex,
        blockNumber: receipt.blockNumber,
        blockHash: receipt.blockHash,
      },
    ]);
  });

  it('rejects a replayed nonce (InvalidNonce), and any nonce not above the last', async () => {
    const auth = await authorization({ nonce: 1n });
    await expectRevert(callArgs(auth, await chain.signWithdrawAuthorization(auth)), caller, 'InvalidNonce');
    const older = await authorization({ nonce: 0n });
    await expectRevert(callArgs(older, await chain.signWithdrawAuthorization(older)), caller, 'InvalidNonce');
  });

  it('rejects another account submitting the caller’s authorization (InvalidCaller)', async () => {
    const auth = await authorization({ nonce: 2n });
    await expectRevert(callArgs(auth, await chain.signWithdrawAuthorization(auth)), stranger, 'InvalidCaller');
  });

  it('rejects an expired authorization (Timeout)', async () => {
    const auth = await authorization({ nonce: 2n, expiredAt: (await now()) + 60n });
    const signature = await chain.signWithdrawAuthorization(auth);
    await testClient().increaseTime({ seconds: 120 });
    await testClient().mine({ blocks: 1 });
    await expectRevert(callArgs(auth, signature), caller, 'Timeout');
  });

  it('rejects an authorization for another chain (InvalidChainId)', async () => {
    const auth = await authorization({ nonce: 2n, chainId: 56 });
    await expectRevert(callArgs(auth, await chain.signWithdrawAuthorization(auth)), caller, 'InvalidChainId');
  });

  it('rejects an authorization for another contract (InvalidContract)', async () => {
    const auth = await authorization({ nonce: 2n, contractAddress: chain.addresses.vault });
    await expectRevert(callArgs(auth, await chain.signWithdrawAuthorization(auth)), caller, 'InvalidContract');
  });

  it('rejects submitting token_amount instead of the net amount (InvalidSignature)', async () => {
    const auth = await authorization({ nonce: 2n });
    const signature = await chain.signWithdrawAuthorization(auth);
    await expectRevert(callArgs(auth, signature, parseUnits('10', 18)), caller, 'InvalidSignature');
  });

  it('rejects a signature by any key but the backend signer (InvalidSignature)', async () => {
    const auth = await authorization({ nonce: 2n });
    const forged = await signWithdrawAuthorization(auth, caller.privateKey);
    await expectRevert(callArgs(auth, forged), caller, 'InvalidSignature');
  });

  it('rejects the malleable high-s twin of a valid signature (InvalidSignature)', async () => {
    const auth = await authorization({ nonce: 2n });
    const signature = await chain.signWithdrawAuthorization(auth);
    const r = signature.slice(2, 66);
    const s = hexToBigInt(`0x${signature.slice(66, 130)}`);
    const v = Number.parseInt(signature.slice(130, 132), 16);
    const twin = `0x${r}${toHex(SECP256K1_N - s, { size: 32 }).slice(2)}${(v === 27 ? 28 : 27).toString(16)}` as Hex;
    await expectRevert(callArgs(auth, twin), caller, 'InvalidSignature');
    await expectRevert(callArgs(auth, '0x'), caller, 'InvalidSignature');
  });

  it('still accepts the valid authorization after all the failed attempts', async () => {
    const before = await balances();
    const auth = await authorization({ nonce: 2n });
    const receipt = await client().waitForTransactionReceipt({
      hash: await submit(callArgs(auth, await chain.signWithdrawAuthorization(auth)), caller),
    });
    expect(receipt.status).toBe('success');
    const after = await balances();
    expect(after.callerBalance - before.callerBalance).toBe(AMOUNT);
    expect(after.lastNonce).toBe(2n);
  });
});
