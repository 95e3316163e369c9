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
  if (prev !== undefined) {
    if (prev.user === user && prev.amount === a.value) return OK;
    return bad(`ref ${ref} was already used for a different credit`);
  }
  const acct = ensureAccount(ctx, user);
  ctx.credits.set(ref, { user, amount: a.value });
  acct.cashFree += a.value;
  ctx.deposits += a.value;
  markCash(ctx, acct);
  return OK;
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
