// Seeded random ledger commands for the persistence tests: every kind of command the journal holds
// (orders of every type near and far from the mark, cancels, leverage and margin moves, transfers,
// chain deposits and their reversal, withdrawals confirmed, unconfirmed and expired, price jumps that
// liquidate, time jumps across funding), refusals included — a refused command must change nothing,
// or a replica that never saw it would differ. Prices are decimal strings (decimal.js), never floats.
import Decimal from 'decimal.js';
import type { WithdrawRecord } from '../bridge/withdrawals';
import type { Command, Ledger } from './ledger';
import { mulberry32 } from '../../src/lib/mulberry32';


export const WORKLOAD_USERS = ['a', 'b', 'c', 'd'].map((t) => `bsc_0x${t.repeat(40)}`);
const SYMBOLS = ['BTC-USD', 'ETH-USD'];

export interface Workload {
  /** Runs `n` random commands on the ledger (advancing `clock` as it goes); returns how many were accepted. */
  run(ledger: Ledger, n: number): number;
}

/** A workload whose clock the test owns: `advance(ms)` moves the time the ledger stamps. */
export function randomWorkload(seed: number, advance: (ms: number) => void): Workload {
  const rnd = mulberry32(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  let n = 0;
  const withdrawIds: string[] = [];
  const depositRefs: string[] = [];

  const priceNear = (ledger: Ledger, symbol: string, bps: number): string => {
    const p = ledger.exchange.symbolPrice(symbol);
    if (!p.ok) return '1';
    return new Decimal(p.value.mark_price).mul(new Decimal(10_000 + bps).div(10_000)).toDecimalPlaces(0).toFixed(0);
  };

  const next = (ledger: Ledger): Command => {
    n++;
    const user = pick(WORKLOAD_USERS);
    const symbol = pick(SYMBOLS);
    const side = rnd() < 0.5 ? 'buy' : 'sell';
    const qty = new Decimal(1 + int(80)).div(100).toFixed(2);
    const r = int(100);
    if (r < 22) {
      const tif = pick(['gtc', 'gtc', 'ioc', 'alo'] as const);
      const price = priceNear(ledger, symbol, int(160) - 80);
      const tpsl = rnd() < 0.15 ? { [side === 'buy' ? 'tp_price' : 'sl_price']: priceNear(ledger, symbol, 300) } : {};
      return { op: 'newOrder', user, params: { symbol, side, order_type: 'limit', qty, price, time_in_force: tif, reduce_only: rnd() < 0.1, cl_ord_id: `o${n}`, ...tpsl } };
    }
    if (r < 38) return { op: 'newOrder', user, params: { symbol, side, order_type: 'market', qty, time_in_force: 'ioc', reduce_only: rnd() < 0.15 } };
    if (r < 46) return { op: 'cancelOrder', user, params: { cl_ord_id: `o${Math.max(1, n - int(40))}` } };
    if (r < 49) return { op: 'cancelOrders', user, params: { cl_ord_id_list: [`o${Math.max(1, n - int(40))}`, `o${Math.max(1, n - int(40))}`] } };
    if (r < 53) return { op: 'changeLeverage', user, symbol, leverage: pick([1, 3, 10, 20, 50]) };
    if (r < 56) return { op: 'changeMarginMode', user, symbol, mode: pick(['cross', 'isolated'] as const) };
    if (r < 59) return { op: 'transferMargin', user, symbol, amount: String(int(400) - 150) };
    if (r < 64) return { op: 'transferToPerps', user, amount: String(1 + int(3000)) };
    if (r < 67) return { op: 'transferToSpot', user, amount: String(1 + int(500)) };
    if (r < 71) {
      const ref = `dep${n}`;
      depositRefs.push(ref);
      return { op: 'deposit', user, amount: String(500 + int(20_000)), ref, chain: { txHash: `0x${n.toString(16).padStart(64, '0')}`, block: String(n), blockHash: `0xb${n}` } };
    }
    if (r < 72 && depositRefs.length > 0) return { op: 'depositReversed', ref: pick(depositRefs) };
    if (r < 75) {
      const id = `wd_${n}`;
      withdrawIds.push(id);
      const at = new Date(ledger.exchange.now()).toISOString();
      const record: WithdrawRecord = {
        id, account: user, nonce: n, status: 'Pending', fromAddr: user, caller: `0x${user.slice(-40)}`, token: 'DUSD', tokenAddr: '0x0',
        amount: String(1 + int(300)), fee: '0.1', srcChain: 'perps', dstChain: 'evm', expiredAt: ledger.exchange.now() + 60_000, chainId: 31337,
        contractAddress: '0x0', signature: '0x', dstTx: '', dstBlock: '0', createdAt: at, updatedAt: at,
      };
      return { op: 'withdrawRequest', record };
    }
    if (r < 78 && withdrawIds.length > 0) {
      const id = pick(withdrawIds);
      const k = int(3);
      if (k === 0) return { op: 'withdrawConfirmed', id, dstTx: `0xt${n}`, dstBlock: String(n) };
      return k === 1 ? { op: 'withdrawExpired', id } : { op: 'withdrawUnconfirmed', id };
    }
    if (r < 81) return { op: 'setIndexPrice', symbol, price: priceNear(ledger, symbol, int(1400) - 700) };
    if (r < 82) return { op: 'chainCursor', cursor: { genesisHash: '0xg', fromBlock: String(n) } };
    if (r < 84) return { op: 'createVault', owner: user };
    if (r < 85) return { op: 'ensureAccount', user };
    // Mostly ticks a few hundred ms apart, sometimes a minute (past a funding time when the
    // ledger's funding interval is a minute; every second of a jump is simulated, so no hours).
    advance(rnd() < 0.05 ? 61_000 : 250 + int(2_000));
    return { op: 'advance' };
  };

  return {
    run(ledger, count) {
      let accepted = 0;
      for (let i = 0; i < count; i++) {
        advance(1 + int(50));
        if (ledger.run(next(ledger)).ok) accepted++;
      }
      return accepted;
    },
  };
}
