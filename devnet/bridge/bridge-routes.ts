import { withdrawBody } from '../../src/api/schemas';
import type { Authenticate } from '../auth/request-auth';
import { badRequest, HttpError } from '../http/errors';
import { parseBody } from '../http/parse';
import { json, Router } from '../http/server';
import type { Ledger } from '../persistence/ledger';
import { nanoIso, type WithdrawRecord } from './withdrawals';
import { toWithdrawResponse } from './withdraw-view';

/** What signs withdraw authorizations for the on-chain contract (decisions.md "Withdraw contract"). */
export interface WithdrawAuthorizer {
  chainId: number;
  contractAddress: string;
  tokenAddress: string;
  sign(a: { token: string; amount: bigint; nonce: bigint; expiredAt: bigint; caller: string }): Promise<string>;
}

export interface BridgeOptions {
  ledger: Ledger;
  authenticate: Authenticate;
  authorizer: () => WithdrawAuthorizer;
  now: () => number;
  withdrawFee: string;
  authorizationSeconds: number;
}

const DECIMALS = 18;

/** Exact decimal string → 18-decimal base units; the schema already guaranteed plain digits. */
export function toBaseUnits(amount: string): bigint {
  const [int = '0', frac = ''] = amount.replace(/^-/, '').split('.');
  if (frac.length > DECIMALS) throw badRequest(`amount has more than ${DECIMALS} decimal places`);
  return BigInt(int) * 10n ** BigInt(DECIMALS) + BigInt(frac.padEnd(DECIMALS, '0') || '0');
}


/** Spec §4.3 bridge withdraw (plus devnet-only reads: the fee and the history). */
export function bridgeRoutes(o: BridgeOptions): Router {
  return new Router()
    .post('/api/withdraw', async (req) => {
      const caller = await o.authenticate(req, { signed: true });
      const body = parseBody(req.body, withdrawBody);
      if ((body.token ?? 'DUSD') !== 'DUSD') throw badRequest(`unsupported token "${body.token}"; only DUSD`);
      const dst = body.chain.toLowerCase();
      if (dst !== 'bsc') throw badRequest(`withdrawals go to an EVM chain: chain must be bsc (got "${body.chain}")`);
      if (caller.claims.chain !== 'bsc') throw badRequest('withdrawals need an EVM account: sign in with a BSC wallet');
      if (body.amount.startsWith('-')) throw badRequest('amount must be positive');
      const amount = toBaseUnits(body.amount);
      const fee = toBaseUnits(o.withdrawFee);
      if (amount <= fee) throw badRequest(`amount must exceed the withdraw fee of ${o.withdrawFee} DUSD`);
      // Refuse what the Cash Wallet cannot cover before anything is signed (the ledger checks again).
      if (amount > toBaseUnits(o.ledger.exchange.wallets(caller.account).cash.free)) throw badRequest('insufficient cash balance');
      const auth = o.authorizer();
      const now = o.now();
      const evmCaller = caller.claims.address;
      // Reserved before the signer is awaited: concurrent requests get distinct nonces.
      const nonce = o.ledger.withdrawals.reserveNonce(evmCaller);
      const expiredAt = Math.floor(now / 1000) + o.authorizationSeconds;
      const signature = await auth.sign({ token: auth.tokenAddress, amount: amount - fee, nonce: BigInt(nonce), expiredAt: BigInt(expiredAt), caller: evmCaller });
      const record: WithdrawRecord = {
        id: `wd_${o.ledger.withdrawals.seq + 1}_${now.toString(36)}`,
        account: caller.account,
        nonce,
        status: 'Pending',
        fromAddr: caller.account,
        caller: evmCaller,
        token: 'DUSD',
        tokenAddr: auth.tokenAddress,
        amount: body.amount,
        fee: o.withdrawFee,
        srcChain: caller.claims.chain,
        dstChain: dst,
        expiredAt,
        chainId: auth.chainId,
        contractAddress: auth.contractAddress,
        signature,
        dstTx: '',
        dstBlock: '0',
        createdAt: nanoIso(now),
        updatedAt: nanoIso(now),
      };
      const r = o.ledger.run({ op: 'withdrawRequest', record });
      if (!r.ok) throw new HttpError(r.code, r.message);
      return json(toWithdrawResponse(record));
    })
    // The public bridge states its fee only in each withdraw answer; the devnet's fee is fixed, so the
    // app can show it before the trader asks (devnet-only, like the history below).
    .get('/devnet/withdraw-fee', () => json({ withdraw_fee: o.withdrawFee }))
    .get('/devnet/withdrawals', async (req) => {
      const caller = await o.authenticate(req, { signed: false });
      return json(o.ledger.withdrawals.ofAccount(caller.account).map(toWithdrawResponse).reverse());
    });
}
