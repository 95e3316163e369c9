import type { CancelOrderBody, CancelOrdersBody, MarginMode, NewOrderBody } from '../../src/api/schemas';
import { nanoIso, type Withdrawals, type WithdrawRecord } from '../bridge/withdrawals';
import type { Exchange } from '../engine';

/** Every state change of the devnet, as journaled and replayed. */
export type Command =
  | { op: 'advance' }
  /**
   * Fires the next batch of a TP/SL trigger backlog (Exchange.drainTriggers: at most TRIGGER_BATCH
   * children a call); devnet.ts sends it on the next turn of the event loop while a backlog remains.
   * Refused (not journaled) when nothing waits.
   */
  | { op: 'drainTriggers' }
  /** Devnet control (POST /devnet/mark): the symbol's index at once, the mark follows. */
  | { op: 'setIndexPrice'; symbol: string; price: string }
  | { op: 'ensureAccount'; user: string }
  | { op: 'createVault'; owner: string }
  | { op: 'newOrder'; user: string; params: NewOrderBody }
  | { op: 'cancelOrder'; user: string; params: CancelOrderBody }
  | { op: 'cancelOrders'; user: string; params: CancelOrdersBody }
  | { op: 'changeLeverage'; user: string; symbol: string; leverage: number }
  | { op: 'changeMarginMode'; user: string; symbol: string; mode: MarginMode }
  | { op: 'transferMargin'; user: string; symbol: string; amount: string }
  | { op: 'transferToPerps'; user: string; amount: string }
  | { op: 'transferToSpot'; user: string; amount: string }
  | { op: 'deposit'; user: string; amount: string; ref: string; chain?: ChainDepositOrigin }
  /** The deposit's block left the canonical chain: its credit is taken back (Exchange.reverseCredit). */
  | { op: 'depositReversed'; ref: string }
  | { op: 'withdrawRequest'; record: WithdrawRecord }
  | { op: 'withdrawConfirmed'; id: string; dstTx: string; dstBlock: string; dstGenesis?: string }
  | { op: 'withdrawExpired'; id: string }
  /** The MessageReq that confirmed it was reorged away: Pending again. */
  | { op: 'withdrawUnconfirmed'; id: string }
  | { op: 'chainCursor'; cursor: StoredChainCursor };

/** A journal line: the command, the time it ran at and its place in the journal's sequence. */
export type Stamped = Command & { now: number; seq?: number };

/** Where an on-chain deposit credit came from: checked against the canonical chain after a reorg. */
export interface ChainDepositOrigin {
  txHash: string;
  block: string;
  blockHash: string;
}

/** An on-chain deposit credit as the ledger knows it (chain credits only, keyed by the event ref). */
export interface ChainDeposit extends ChainDepositOrigin {
  user: string;
  amount: string;
  reversed: boolean;
}

/** Where the chain indexer resumes, on which chain instance (bigints as strings for JSON). */
export interface StoredChainCursor {
  genesisHash: string;
  fromBlock: string;
  prevBlockHash?: string;
}
export type Outcome = { ok: true; value: any } | { ok: false; code: number; message: string };

/**
 * What the journal's commands change: the exchange plus the bridge's book and the chain indexer's
 * place. The Ledger holds one; the snapshot worker's replica holds another, kept equal to it by
 * applying the same journal lines with this same function.
 */
export interface LedgerState {
  exchange: Exchange;
  withdrawals: Withdrawals;
  chainCursor: StoredChainCursor | null;
  /** Every on-chain deposit credit (reversed ones included), by ref. */
  chainDeposits: Record<string, ChainDeposit>;
}

const fail = (code: number, message: string): Outcome => ({ ok: false, code, message });

/**
 * Applies one command to the state. Deterministic given the command (its `now` included): restart
 * replay and the snapshot replica both depend on that. A refused command changes nothing.
 */
export function applyCommand(st: LedgerState, c: Stamped): Outcome {
  const ex = st.exchange;
  switch (c.op) {
    case 'advance':
      ex.advance(c.now);
      return { ok: true, value: undefined };
    case 'drainTriggers':
      if (ex.triggerBacklog() === 0) return fail(409, 'no triggers waiting to fire');
      return { ok: true, value: ex.drainTriggers(c.now) };
    case 'setIndexPrice':
      return ex.setIndexPrice(c.symbol, c.price, c.now);
    case 'ensureAccount':
      ex.ensureAccount(c.user);
      return { ok: true, value: undefined };
    case 'createVault':
      return { ok: true, value: ex.createVault(c.owner) };
    case 'newOrder':
      return ex.newOrder(c.user, c.params, c.now);
    case 'cancelOrder':
      return ex.cancelOrder(c.user, c.params, c.now);
    case 'cancelOrders':
      return ex.cancelOrders(c.user, c.params, c.now);
    case 'changeLeverage':
      return ex.changeLeverage(c.user, c.symbol, c.leverage, c.now);
    case 'changeMarginMode':
      return ex.changeMarginMode(c.user, c.symbol, c.mode, c.now);
    case 'transferMargin':
      return ex.transferMargin(c.user, c.symbol, c.amount, c.now);
    case 'transferToPerps':
      return ex.transferToPerps(c.user, c.amount);
    case 'transferToSpot':
      return ex.transferToSpot(c.user, c.amount);
    case 'deposit': {
      const was = st.chainDeposits[c.ref];
      const r = ex.creditCash(c.user, c.amount, c.ref);
      // A redelivered credit (already applied, not reversed) changes nothing and is not journaled.
      if (r.ok && was && !was.reversed) return fail(409, `deposit ${c.ref} is already credited`);
      if (r.ok && c.chain) st.chainDeposits[c.ref] = { user: c.user, amount: c.amount, ...c.chain, reversed: false };
      return r;
    }
    case 'depositReversed': {
      const was = st.chainDeposits[c.ref];
      if (!was || was.reversed) return fail(409, `deposit ${c.ref} is not an active chain credit`);
      const r = ex.reverseCredit(c.ref);
      if (r.ok) was.reversed = true;
      return r;
    }
    case 'withdrawRequest': {
      const r = ex.reserveWithdraw(c.record.account, c.record.amount, c.record.id);
      if (r.ok) st.withdrawals.add(c.record);
      return r;
    }
    case 'withdrawConfirmed': {
      const rec = st.withdrawals.byId(c.id);
      if (!rec || rec.status !== 'Pending') return fail(409, `withdraw ${c.id} is not pending`);
      const r = ex.settleWithdraw(c.id);
      if (r.ok) Object.assign(rec, { status: 'Confirmed', dstTx: c.dstTx, dstBlock: c.dstBlock, ...(c.dstGenesis ? { dstGenesis: c.dstGenesis } : {}), updatedAt: nanoIso(c.now) });
      return r;
    }
    case 'withdrawExpired': {
      const rec = st.withdrawals.byId(c.id);
      if (!rec || rec.status !== 'Pending') return fail(409, `withdraw ${c.id} is not pending`);
      const r = ex.releaseWithdraw(c.id);
      if (r.ok) Object.assign(rec, { status: 'Expired', updatedAt: nanoIso(c.now) });
      return r;
    }
    case 'withdrawUnconfirmed': {
      const rec = st.withdrawals.byId(c.id);
      if (!rec || rec.status !== 'Confirmed') return fail(409, `withdraw ${c.id} is not confirmed`);
      const r = ex.unsettleWithdraw(c.id);
      if (r.ok) {
        Object.assign(rec, { status: 'Pending', dstTx: '', dstBlock: '0', updatedAt: nanoIso(c.now) });
        delete rec.dstGenesis;
      }
      return r;
    }
    case 'chainCursor':
      st.chainCursor = c.cursor;
      return { ok: true, value: undefined };
  }
}
