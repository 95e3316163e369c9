// Cash Wallet and Perps Wallet movements, withdraw reservations and vaults.
// Every command validates fully before mutating, so an error changes nothing.
import { parseDecimal, SCALE_DP } from './decimal.js';
import { withdrawable } from './margin.js';
import { ensureAccount, markCash, markPerps } from './state.js';
import type { Ctx } from './state.js';
import type { Result } from './types.js';

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
