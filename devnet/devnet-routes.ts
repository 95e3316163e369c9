import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { decimalString } from '../src/api/schemas';
import { dec } from '../src/lib/decimal';
import type { Authenticate } from './auth/request-auth';
import { badRequest, HttpError } from './http/errors';
import { parseBody } from './http/parse';
import { json, Router } from './http/server';
import type { Ledger } from './persistence/ledger';

export interface DevnetInfo {
  chain: { chainId: number; rpcUrl: string; token: string; vault: string; bridge: string } | null;
  services: Record<string, string>;
}

const faucetBody = z.strictObject({ amount: decimalString.optional() });

/** Devnet-only conveniences (not part of the public service): faucet, vaults, config, wallets. */
export function devnetRoutes(o: {
  ledger: Ledger;
  authenticate: Authenticate;
  info: () => DevnetInfo;
  faucetMax: string;
  /** Mints on-chain when the chain runs; otherwise credits the Cash Wallet directly. */
  faucet?: (account: string, amount: string) => Promise<void>;
}): Router {
  return new Router()
    .get('/devnet/config', () => json(o.info()))
    .post('/devnet/faucet', async (req) => {
      const caller = await o.authenticate(req, { signed: false });
      const { amount = '10000' } = parseBody(req.body || '{}', faucetBody);
      if (dec(amount).lte(0) || dec(amount).gt(o.faucetMax)) throw badRequest(`faucet amount must be > 0 and ≤ ${o.faucetMax}`);
      if (o.faucet) await o.faucet(caller.account, amount);
      else {
        const r = o.ledger.run({ op: 'deposit', user: caller.account, amount, ref: `faucet:${randomUUID()}` });
        if (!r.ok) throw new HttpError(r.code, r.message);
      }
      return json({ code: 0, message: 'success', request_id: req.requestId });
    })
    .get('/devnet/vaults', async (req) => {
      const caller = await o.authenticate(req, { signed: false });
      return json(o.ledger.exchange.vaultsOf(caller.owner));
    })
    .post('/devnet/vaults', async (req) => {
      const caller = await o.authenticate(req, { signed: false });
      const r = o.ledger.run({ op: 'createVault', owner: caller.owner });
      if (!r.ok) throw new HttpError(r.code, r.message);
      return json({ vault: r.value as string });
    })
    .get('/devnet/wallets', async (req) => {
      const caller = await o.authenticate(req, { signed: false });
      return json(o.ledger.exchange.wallets(caller.account));
    });
}
