// Cash Wallet and Perps Wallet movements, withdraw reservations and vaults.
// Every command validates fully before mutating, so an error changes nothing.
import { bmax, parseDecimal, SCALE_DP } from './decimal.js';
import { accountFigures, balanceTotal, freeCash, withdrawable } from './margin.js';
import { DIRTY_CASH, DIRTY_PERPS, ensureAccount, markCash, markPerps, walletLedgers, watchedAccount } from './state.js';
import type { Ctx } from './state.js';
import type { Account, Result, SettledNet, WalletLedger, WalletRecord, WalletType } from './types.js';

const bad = (message: string, code = 400): { ok: false; code: number; message: string } => ({ ok: false, code, message });
const OK: Result<void> = { ok: true, value: undefined };

export function parseAmount(amount: unknown, field = 'amount'): Result<bigint> {
  const r = parseDecimal(amount, SCALE_DP, field);
  if (!r.ok) return bad(r.message);
  if (r.value <= 0n) return bad(`${field} must be positive`);
  return { ok: true, value: r.value };
}

function validRef(ref: unknown): ref is string {
  return typeof ref === 'string' && ref.length > 0 && ref.length <= 200;
}

function validUser(user: unknown): user is string {
  return typeof user === 'string' && user.length > 0 && !user.startsWith('sys_');
}

export function creditCash(ctx: Ctx, user: string, amount: string, ref: string): Result<void> {
  if (!validUser(user)) return bad('invalid user');
  if (!validRef(ref)) return bad('ref is required');
  const a = parseAmount(amount);
  if (!a.ok) return a;
  const prev = ctx.credits.get(ref);
  // A reversed credit may be applied again: the deposit came back on the canonical chain.
  if (prev !== undefined && !prev.reversed) {
    if (prev.user === user && prev.amount === a.value) return OK;
    return bad(`ref ${ref} was already used for a different credit`);
  }
  const acct = ensureAccount(ctx, user);
  ctx.credits.set(ref, { user, amount: a.value });
  // A debt left by an earlier reversal is repaid first.
  const repay = acct.debt !== undefined && acct.debt > 0n ? (acct.debt < a.value ? acct.debt : a.value) : 0n;
  if (repay > 0n) acct.debt = acct.debt! - repay;
  acct.cashFree += a.value - repay;
  ctx.deposits += a.value - repay;
  markCash(ctx, acct);
  return OK;
}

/** How a reversal was covered: from the Cash Wallet, the perps wallet, and what is left owed. */
export interface Reversal {
  fromCash: bigint;
  fromPerps: bigint;
  debt: bigint;
}

/**
 * Takes back a credit whose deposit left the canonical chain. Idempotent per ref (a second call
 * returns zeros). The amount comes out of the Cash Wallet's free balance first; what is missing
 * there comes from the perps wallet's withdrawable cash (what transfer_to_spot would allow, so
 * no position is left under-margined); any remainder becomes `acct.debt`, repaid first out of the
 * account's later credits. Money locked for pending withdrawals is not touched (it may already be
 * paid on-chain) and no wallet ever goes negative. `ctx.deposits` falls by what was actually taken
 * back, so the money invariant (Σ wallets = deposits − withdrawals) keeps holding; the debt is a
 * receivable outside the wallets.
 */
export function reverseCredit(ctx: Ctx, ref: string): Result<Reversal> {
  if (!validRef(ref)) return bad('ref is required');
  const credit = ctx.credits.get(ref);
  if (credit === undefined) return bad(`unknown credit ref ${ref}`, 404);
  if (credit.reversed) return { ok: true, value: { fromCash: 0n, fromPerps: 0n, debt: 0n } };
  const acct = ctx.accounts.get(credit.user);
  if (acct === undefined) return bad('unknown account', 404);
  const fromCash = acct.cashFree < credit.amount ? acct.cashFree : credit.amount;
  const rest = credit.amount - fromCash;
  const perps = rest > 0n ? withdrawable(ctx, acct) : 0n;
  const fromPerps = perps < rest ? perps : rest;
  const debt = rest - fromPerps;
  acct.cashFree -= fromCash;
  acct.cross -= fromPerps;
  if (debt > 0n) acct.debt = (acct.debt ?? 0n) + debt;
  ctx.deposits -= fromCash + fromPerps;
  credit.reversed = true;
  markCash(ctx, acct);
  if (fromPerps > 0n) markPerps(ctx, acct);
  return { ok: true, value: { fromCash, fromPerps, debt } };
}

export function reserveWithdraw(ctx: Ctx, user: string, amount: string, ref: string): Result<void> {
  if (!validRef(ref)) return bad('ref is required');
  if (ctx.withdraws.has(ref)) return bad(`withdraw ref ${ref} already exists`);
  const a = parseAmount(amount);
  if (!a.ok) return a;
  const acct = ctx.accounts.get(user);
  if (acct === undefined || acct.cashFree < a.value) return bad('insufficient cash balance');
  acct.cashFree -= a.value;
  acct.cashLocked += a.value;
  ctx.withdraws.set(ref, { user, amount: a.value, state: 'pending' });
  markCash(ctx, acct);
  return OK;
}

function pending(ctx: Ctx, ref: string): Result<{ user: string; amount: bigint }> {
  const w = ctx.withdraws.get(ref);
  if (w === undefined) return bad(`unknown withdraw ref ${ref}`, 404);
  if (w.state !== 'pending') return bad(`withdraw ${ref} is already ${w.state}`);
  return { ok: true, value: w };
}

export function settleWithdraw(ctx: Ctx, ref: string): Result<void> {
  const p = pending(ctx, ref);
  if (!p.ok) return p;
  const w = ctx.withdraws.get(ref);
  const acct = ctx.accounts.get(p.value.user);
  if (w === undefined || acct === undefined) return bad('unknown account', 404);
  acct.cashLocked -= w.amount;
  ctx.withdrawals += w.amount;
  w.state = 'settled';
  markCash(ctx, acct);
  return OK;
}

/**
 * Undoes settleWithdraw: the on-chain payout that settled it was reorged away, so the request is
 * pending again (its amount locked again) until the payout reappears or the request expires.
 */
export function unsettleWithdraw(ctx: Ctx, ref: string): Result<void> {
  const w = ctx.withdraws.get(ref);
  if (w === undefined) return bad(`unknown withdraw ref ${ref}`, 404);
  if (w.state !== 'settled') return bad(`withdraw ${ref} is ${w.state}, not settled`);
  const acct = ctx.accounts.get(w.user);
  if (acct === undefined) return bad('unknown account', 404);
  acct.cashLocked += w.amount;
  ctx.withdrawals -= w.amount;
  w.state = 'pending';
  markCash(ctx, acct);
  return OK;
}

export function releaseWithdraw(ctx: Ctx, ref: string): Result<void> {
  const p = pending(ctx, ref);
  if (!p.ok) return p;
  const w = ctx.withdraws.get(ref);
  const acct = ctx.accounts.get(p.value.user);
  if (w === undefined || acct === undefined) return bad('unknown account', 404);
  acct.cashLocked -= w.amount;
  acct.cashFree += w.amount;
  w.state = 'released';
  markCash(ctx, acct);
  return OK;
}

export function transferToPerps(ctx: Ctx, user: string, amount: string): Result<void> {
  const a = parseAmount(amount);
  if (!a.ok) return a;
  const acct = ctx.accounts.get(user);
  if (acct === undefined || acct.cashFree < a.value) return bad('insufficient cash balance');
  acct.cashFree -= a.value;
  acct.cross += a.value;
  markCash(ctx, acct);
  markPerps(ctx, acct);
  return OK;
}

/** Only the cash-backed free margin may leave: see `withdrawable` in margin.ts. */
export function transferToSpot(ctx: Ctx, user: string, amount: string): Result<void> {
  const a = parseAmount(amount);
  if (!a.ok) return a;
  const acct = ctx.accounts.get(user);
  if (acct === undefined) return bad('insufficient withdrawable perps balance');
  const max = withdrawable(ctx, acct);
  if (a.value > max) return bad('insufficient withdrawable perps balance');
  acct.cross -= a.value;
  acct.cashFree += a.value;
  markCash(ctx, acct);
  markPerps(ctx, acct);
  return OK;
}

export function createVault(ctx: Ctx, owner: string): string {
  ensureAccount(ctx, owner);
  let id = `cv_${ctx.rng.hex(16)}`;
  while (ctx.accounts.has(id)) id = `cv_${ctx.rng.hex(16)}`;
  ensureAccount(ctx, id);
  ctx.vaults.set(id, owner);
  const list = ctx.vaultsByOwner.get(owner) ?? [];
  list.push(id);
  ctx.vaultsByOwner.set(owner, list);
  return id;
}

// ---------- Wallet records ----------
//
// decisions.md "Streams" [doc sample]: the `balance` channel carries the whole wallet record. Each
// non-system account has two wallets, Cash (`account_type` "spot") and Perps ("perps"). What every
// field means in the devnet (rendered by devnet/streams/wallet-row.ts):
//
//   id                  the wallet's own id: a devnet-wide counter, Cash then Perps when the account
//                       is created (a decimal string on the wire; the sample marks it as no int)
//   wallet_id           the account that owns the wallet ("bsc_0x…", "solana_…", "cv_…")
//   ref_id (int)        the id of the same account's other wallet (Cash ↔ Perps: where transfers go)
//   kind                "vault" for a vault account (cv_…), "user" otherwise
//   account_type        "spot" (Cash Wallet) or "perps" (Perps Wallet), as before
//   token               "DUSD"
//   is_enabled          true: the devnet never disables a wallet
//   total               Cash: free + locked. Perps: cross balance + isolated margins (query_balance's
//                       `balance`; no unrealized PnL). Always equal to inbound − outbound.
//   free                Cash: spendable cash. Perps: what transfer_to_spot accepts (withdrawable).
//   locked              Cash: reserved for pending withdrawals. Perps: total − free.
//   occupied            what positions and open orders hold. Cash: 0 (it holds none). Perps: cross
//                       initial margin + isolated margins + open-order locks (query_balance's
//                       cross_margin + isolated_balance + locked); it may exceed `locked`, which
//                       unrealized PnL also moves.
//   inbound / outbound  cumulative money that came into / went out of the wallet, each ≥ 0, never
//                       decreasing: per command the net change of total counts as inbound if it is
//                       positive, outbound if negative (a fill's realized PnL and fee are one change)
//   version (int)       0 at creation; +1 after every engine command (an HTTP command, a chain
//                       credit or payout, one clock advance) that touched the wallet: moved money in
//                       or out, or changed what orders and positions hold. Each new version is pushed
//                       once, so a client subscribed throughout sees versions 1, 2, 3 … without gaps.
//                       The mark price moving alone touches no wallet: no version, no push.
//   last_tx             the id of the last movement (a change of total), "" before the first. One
//                       command is one movement: a transfer shows the same last_tx on both wallets,
//                       a fill on both traders' Perps Wallets.
//   last_tx_updated_at  when that movement happened, integer ms (0 before the first)
//   created_at          when the wallet was created (ISO 8601)
//   updated_at          when its latest version was made (ISO 8601; created_at at version 0)
//
// Free, locked and occupied are read when the record is rendered (they move with the mark through
// unrealized PnL); counting versions needs only the total, which keeps the end of every command cheap
// (the full figures cost a pass over positions and order locks, and most touched wallets are watched
// by no one). Versions, movements and their ids are engine state: they survive snapshots and replay.

/** What the wallet holds now. */
export function walletFigures(ctx: Ctx, acct: Account, type: WalletType): { total: bigint; free: bigint; locked: bigint; occupied: bigint } {
  if (type === 'spot') return { total: acct.cashFree + acct.cashLocked, free: acct.cashFree, locked: acct.cashLocked, occupied: 0n };
  const f = accountFigures(ctx, acct);
  const total = balanceTotal(acct, f);
  const free = bmax(0n, freeCash(acct, f));
  return { total, free, locked: total - free, occupied: f.crossMargin + f.isolatedBalance + f.locked };
}

/** The movement id of the settle pass running now (0 = none taken yet); settleWallets never re-enters. */
let passTx = 0;

/** total = Cash: free + locked; Perps: cross balance + isolated margins. */
function walletTotal(acct: Account, type: WalletType): bigint {
  if (type === 'spot') return acct.cashFree + acct.cashLocked;
  let total = acct.cross;
  for (const p of acct.positions.values()) if (p.isoMargin !== 0n) total += p.isoMargin;
  return total;
}

/**
 * inbound − outbound as of the wallet's last settle, remembered with the ledger it was taken from:
 * every command settles two or three wallets, and most hold the same total as before. Kept on the
 * account, outside its image (snapshot.ts lists the fields it keeps). Only settle changes a ledger's
 * inbound and outbound, and it keeps the memo with them; a ledger read anew (restored, made, or
 * adopted: adoptWalletLedgers drops the memo) is another object or has no memo, so it is read anew.
 * Comparing the ledger object replaces comparing two bigints per settle.
 */
function settledNet(acct: Account, type: WalletType, w: WalletLedger): SettledNet {
  let memo = acct.settled;
  if (memo === undefined) {
    memo = {
      spot: { ledger: undefined, net: 0n },
      perps: { ledger: undefined, net: 0n },
    };
    acct.settled = memo;
  }
  // Not memo[type]: a load by a variable key costs more than the branch (settle runs per touched wallet).
  const m = type === 'perps' ? memo.perps : memo.spot;
  if (m.ledger !== w) {
    m.ledger = w;
    m.net = w.inbound - w.outbound;
  }
  return m;
}

/** Takes the wallet's next version; a change of total is a movement. */
function settle(ctx: Ctx, acct: Account, type: WalletType, w: WalletLedger): boolean {
  const total = walletTotal(acct, type);
  const m = settledNet(acct, type, w);
  if (total !== m.net) {
    const delta = total - m.net;
    if (delta > 0n) w.inbound += delta;
    else w.outbound -= delta;
    if (passTx === 0) passTx = ctx.seq.walletTx = (ctx.seq.walletTx ?? 0) + 1;
    w.lastTx = passTx;
    w.lastTxAt = ctx.time;
    // inbound − outbound is the total now.
    m.net = total;
  }
  w.version += 1;
  w.updatedAt = ctx.time;
  return true;
}

const NONE: ReadonlyArray<[Account, WalletType]> = Object.freeze([]);

/**
 * End of an engine command (events.ts deliver): every wallet the command marked takes its next
 * version if it changed; all movements of the command share one movement id. Returns the wallets
 * that changed and that someone watches (state.ts `watchedAccount`), Perps Wallets first, for the
 * `balance` pushes: most wallets a command touches are watched by no one.
 */
export function settleWallets(ctx: Ctx): ReadonlyArray<[Account, WalletType]> {
  const perps = ctx.dirtyPerps;
  const cash = ctx.dirtyCash;
  if (perps.n === 0 && cash.n === 0) return NONE;
  let changed: Array<[Account, WalletType]> | null = null;
  passTx = 0;
  for (let i = 0; i < perps.n; i++) {
    const acct = perps.items[i]!;
    acct.dirtyWallets = (acct.dirtyWallets ?? 0) & ~DIRTY_PERPS;
    const w = walletLedgers(ctx, acct);
    if (w !== undefined && settle(ctx, acct, 'perps', w.perps) && watchedAccount(ctx, acct)) (changed ??= []).push([acct, 'perps']);
  }
  perps.n = 0;
  for (let i = 0; i < cash.n; i++) {
    const acct = cash.items[i]!;
    acct.dirtyWallets = (acct.dirtyWallets ?? 0) & ~DIRTY_CASH;
    const w = walletLedgers(ctx, acct);
    if (w !== undefined && settle(ctx, acct, 'spot', w.spot) && watchedAccount(ctx, acct)) (changed ??= []).push([acct, 'spot']);
  }
  cash.n = 0;
  passTx = 0;
  return changed ?? NONE;
}

/**
 * Ledgers for an account restored from a snapshot taken before wallet records existed: version 0
 * as of the restore, with what the wallet holds counted as inbound (outbound if negative).
 */
export function adoptWalletLedgers(ctx: Ctx, acct: Account): void {
  if (acct.system || acct.wallets !== undefined) return;
  const w = walletLedgers(ctx, acct);
  if (w === undefined) return;
  for (const type of ['spot', 'perps'] as const) {
    const total = walletTotal(acct, type);
    const l = w[type];
    if (total >= 0n) l.inbound = total;
    else l.outbound = -total;
  }
  // settledNet's memo holds only what settle made: these ledgers changed outside it.
  acct.settled = undefined;
}

/**
 * The wallet's record as of its latest version. An account that does not exist yet (or was created
 * without ensureAccount and never changed) has an empty one: id 0, version 0, created now.
 */
export function walletRecord(ctx: Ctx, user: string, type: WalletType): WalletRecord {
  const acct = ctx.accounts.get(user);
  const w = acct?.wallets;
  const kind = ctx.vaults.has(user) ? 'vault' : 'user';
  if (w === undefined) {
    return {
      user, type, kind, id: 0, pairId: 0, createdAt: ctx.time, version: 0, updatedAt: ctx.time, lastTx: 0, lastTxAt: 0,
      inbound: 0n, outbound: 0n, free: 0n, locked: 0n, occupied: 0n, total: 0n,
    };
  }
  const l = w[type];
  const now = walletFigures(ctx, acct!, type);
  return {
    user, type, kind, id: l.id, pairId: w[type === 'spot' ? 'perps' : 'spot'].id, createdAt: l.createdAt, version: l.version,
    updatedAt: l.updatedAt, lastTx: l.lastTx, lastTxAt: l.lastTxAt, inbound: l.inbound, outbound: l.outbound, free: now.free,
    locked: now.locked, occupied: now.occupied, total: l.inbound - l.outbound,
  };
}
