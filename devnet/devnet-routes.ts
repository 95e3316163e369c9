import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { decimalString } from '../src/api/schemas';
import { dec } from '../src/lib/decimal';
import type { Authenticate } from './auth/request-auth';
import { toBaseUnits } from './bridge/bridge-routes';
import { badRequest, HttpError } from './http/errors';
import { parseBody } from './http/parse';
import { json, Router } from './http/server';
import type { Ledger } from './persistence/ledger';

export interface DevnetInfo {
  chain: { chainId: number; rpcUrl: string; token: string; vault: string; bridge: string } | null;
  services: Record<string, string>;
}

/** `wallet: 'perps'` also moves the credit on to the Perps Wallet, ready to trade. */
const faucetBody = z.strictObject({ amount: decimalString.optional(), wallet: z.enum(['cash', 'perps']).optional() });
const markBody = z.strictObject({ symbol: z.string(), price: decimalString });
const mintBody = z.strictObject({ address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: 'expected an EVM address' }), amount: decimalString });

/** Devnet-only conveniences (not part of the public service): faucets, vaults, config, wallets, moving a mark. */
export function devnetRoutes(o: {
  ledger: Ledger;
  /** Called after a mark move: fires what a trigger backlog left on the following turns of the event loop. */
  afterMarkMove?: () => void;
  authenticate: Authenticate;
  info: () => DevnetInfo;
  faucetMax: string;
  /** Mints DUSD on-chain to an EVM address, when the chain runs. */
  mint?: (to: string, amount: bigint) => Promise<unknown>;
}): Router {
  return new Router()
    .get('/devnet/config', () => json(o.info()))
    .post('/devnet/faucet', async (req) => {
      const caller = await o.authenticate(req, { signed: false });
      const { amount = '10000', wallet = 'cash' } = parseBody(req.body || '{}', faucetBody);
      if (dec(amount).lte(0) || dec(amount).gt(o.faucetMax)) throw badRequest(`faucet amount must be > 0 and ≤ ${o.faucetMax}`);
      const r = o.ledger.run({ op: 'deposit', user: caller.account, amount, ref: `faucet:${randomUUID()}` });
      if (!r.ok) throw new HttpError(r.code, r.message);
      if (wallet === 'perps') {
        const t = o.ledger.run({ op: 'transferToPerps', user: caller.account, amount });
        if (!t.ok) throw new HttpError(t.code, t.message);
      }
      return json({ code: 0, message: 'success', request_id: req.requestId });
    })
    .post('/devnet/mint', async (req) => {
      const body = parseBody(req.body, mintBody);
      // Bad input is a 400 whether or not the chain runs; only a valid request can need it.
      if (dec(body.amount).lte(0) || dec(body.amount).gt(o.faucetMax)) throw badRequest(`mint amount must be > 0 and ≤ ${o.faucetMax}`);
      const units = toBaseUnits(body.amount); // more than 18 decimals is a 400, never silently rounded
      if (!o.mint) throw new HttpError(503, 'the devnet runs without its chain');
      await o.mint(body.address, units);
      return json({ code: 0, message: 'success', request_id: req.requestId });
    })
    // Moves a market for tests and demos: the index jumps to `price` (makers re-quote around it) and the
    // mark follows at once; TP/SL triggers and liquidations run as after any mark change. Journaled, so
    // a restart replays it. Answers the prices reached (the mark may differ from the index by the book
    // premium).
    .post('/devnet/mark', (req) => {
      const body = parseBody(req.body, markBody);
      const r = o.ledger.run({ op: 'setIndexPrice', symbol: body.symbol, price: body.price });
      if (!r.ok) throw new HttpError(r.code, r.message);
      o.afterMarkMove?.();
      const p = o.ledger.exchange.symbolPrice(body.symbol);
      if (!p.ok) throw new HttpError(p.code, p.message);
      return json({ code: 0, message: 'success', request_id: req.requestId, data: { symbol: body.symbol, index_price: p.value.index_price, mark_price: p.value.mark_price } });
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
