// The audit of named accounts (issue 13): where every DUSD the exchange holds sits, and that none of
// those places is negative. It replaces the single "money invariant" sum, which stayed ok while the
// insurance fund was drained into one trader's pocket: a sum cannot tell who holds the money.
//
//   deposits − withdrawals = Σ traders' cash (free + locked) + Σ traders' perps (cross + isolated
//                            margins + upnl) + fees + insurance fund + house (makers, flow)
//
// and each term is checked on its own: no trader's cash, isolated margin or perps equity below zero,
// fees ≥ 0, the insurance fund at or above its floor, the house not below zero; each reserved
// withdrawal pending (its amount locked in that trader's cash), settled once (counted in withdrawals)
// or released once; deposits = credits not reversed + debts reversals left; Σ qty = 0 per symbol;
// order locks match the resting orders.
import { fmt, iso } from './decimal.js';
import { insuranceFund, INSURANCE_FLOOR } from './insurance.js';
import { perpsEquity } from './margin.js';
import { HOUSE, settledFees } from './state.js';
import type { Ctx } from './state.js';
import type { Account } from './types.js';

/** Ref prefix of the system accounts' funding at genesis (snapshots older than it lack these credits). */
export const GENESIS_REF = 'genesis:';

export interface AuditReport {
  ok: boolean;
  problems: string[];
  /** The named balances, decimal strings. */
  totals: {
    deposits: string;
    withdrawals: string;
    pendingWithdrawals: string;
    traderCash: string;
    traderPerps: string;
    fees: string;
    insurance: string;
    house: string;
  };
  detail: string;
}

export function audit(ctx: Ctx): AuditReport {
  const problems: string[] = [];
  let traderCash = 0n;
  let traderPerps = 0n;
  let house = 0n;
  const net = new Map<string, number>();
  const pendingOf = new Map<string, bigint>();
  let pendingWithdrawals = 0n;
  let settled = 0n;
  for (const [ref, w] of ctx.withdraws) {
    if (w.amount <= 0n) problems.push(`withdraw ${ref}: amount ${fmt(w.amount)} is not positive`);
    if (w.state === 'pending') {
      pendingOf.set(w.user, (pendingOf.get(w.user) ?? 0n) + w.amount);
      pendingWithdrawals += w.amount;
    } else if (w.state === 'settled') settled += w.amount;
    else if (w.state !== 'released') problems.push(`withdraw ${ref}: unknown state ${String(w.state)}`);
  }
  if (settled !== ctx.withdrawals) problems.push(`withdrawals ${fmt(ctx.withdrawals)} ≠ Σ settled withdraws ${fmt(settled)}`);

  let activeCredits = 0n;
  let hasGenesis = false;
  for (const [ref, c] of ctx.credits) {
    if (ref.startsWith(GENESIS_REF)) hasGenesis = true;
    if (!c.reversed) activeCredits += c.amount;
  }
  let debt = 0n;

  for (const a of ctx.accounts.values()) {
    if (a.debt !== undefined) {
      if (a.debt < 0n) problems.push(`${a.id}: debt ${fmt(a.debt)}`);
      debt += a.debt;
    }
    const equity = perpsEquity(ctx, a);
    for (const p of a.positions.values()) {
      net.set(p.symbol, (net.get(p.symbol) ?? 0) + p.qty);
      if (p.qty === 0) problems.push(`${a.id}: zero position kept in ${p.symbol}`);
      if (p.isoMargin < 0n) problems.push(`${a.id}: isolated margin ${fmt(p.isoMargin)} in ${p.symbol}`);
    }
    checkLocks(ctx, a, problems);
    if (a.id === HOUSE) continue;
    if (a.system) {
      house += a.cashFree + a.cashLocked + equity;
      if (equity < 0n) problems.push(`house ${a.id}: equity ${fmt(equity)}`);
      continue;
    }
    traderCash += a.cashFree + a.cashLocked;
    traderPerps += equity;
    if (a.cashFree < 0n) problems.push(`${a.id}: cash free ${fmt(a.cashFree)}`);
    const locked = pendingOf.get(a.id) ?? 0n;
    if (a.cashLocked !== locked) problems.push(`${a.id}: cash locked ${fmt(a.cashLocked)} ≠ pending withdrawals ${fmt(locked)}`);
    if (equity < 0n) problems.push(`${a.id}: perps equity ${fmt(equity)}`);
    if (a.positions.size === 0 && a.cross < 0n) problems.push(`${a.id}: perps balance ${fmt(a.cross)} with no position`);
  }
  for (const [sym, n] of net) if (n !== 0) problems.push(`${sym}: Σ qty = ${n}`);
  // Deposits count every credit not reversed, plus what reversals could not take back (owed as debt).
  if (hasGenesis && ctx.deposits !== activeCredits + debt) {
    problems.push(`deposits ${fmt(ctx.deposits)} ≠ credits not reversed ${fmt(activeCredits)} + debts ${fmt(debt)}`);
  }

  const insurance = insuranceFund(ctx);
  const houseAcct = ctx.accounts.get(HOUSE);
  const insuranceCash = houseAcct === undefined ? 0n : houseAcct.cashFree + houseAcct.cashLocked;
  if (insurance < INSURANCE_FLOOR) problems.push(`insurance fund ${fmt(insurance)} below its floor ${fmt(INSURANCE_FLOOR)}`);
  const fees = settledFees(ctx);
  if (fees < 0n) problems.push(`fees ${fmt(fees)}`);
  const held = traderCash + traderPerps + fees + insurance + insuranceCash + house;
  const owed = ctx.deposits - ctx.withdrawals;
  if (held !== owed) problems.push(`Σ held ${fmt(held)} ≠ deposits − withdrawals ${fmt(owed)}`);

  const totals = {
    deposits: fmt(ctx.deposits),
    withdrawals: fmt(ctx.withdrawals),
    pendingWithdrawals: fmt(pendingWithdrawals),
    traderCash: fmt(traderCash),
    traderPerps: fmt(traderPerps),
    fees: fmt(fees),
    insurance: fmt(insurance),
    house: fmt(house),
  };
  const detail = problems.length === 0
    ? `ok at ${iso(ctx.time)}: deposits ${totals.deposits} − withdrawals ${totals.withdrawals} = traders' cash ${totals.traderCash}`
      + ` + perps ${totals.traderPerps} + fees ${totals.fees} + insurance ${totals.insurance} + house ${totals.house}`
    : problems.join('; ');
  return { ok: problems.length === 0, problems, totals, detail };
}

/** The lock bookkeeping (Σ ticks × lots per symbol) equals what the account's resting orders hold. */
function checkLocks(ctx: Ctx, a: Account, problems: string[]): void {
  const tl: number[] = [];
  for (const o of a.live.values()) {
    const s = ctx.syms.get(o.symbol);
    if (s === undefined || a.system || o.status !== 'open' || o.reduceOnly) continue;
    tl[s.spec.idx] = (tl[s.spec.idx] ?? 0) + (o.qty - o.filled) * o.price;
  }
  for (let i = 0; i < ctx.symList.length; i++) {
    if ((tl[i] ?? 0) !== (a.lockTl[i] ?? 0)) problems.push(`${a.id}: lock bookkeeping ${a.lockTl[i] ?? 0} ≠ ${tl[i] ?? 0}`);
  }
}
