// The facade the devnet service talks to. No I/O, no wall clock: time comes in
// as `now` (ms) and randomness from the seeded PRNG in the state, so the same
// commands at the same times always produce the same state.
import { fmt, parseDecimal, SCALE, SCALE_DP } from './decimal.js';
import { audit, GENESIS_REF, type AuditReport } from './audit.js';
import { deliver } from './events.js';
import { settleFunding, samplePremium } from './funding.js';
import { quantize, updateMark, walkIndex } from './index-price.js';
import { newKlineStore, seedHistory } from './klines.js';
import { checkLiquidations, unwindHouse } from './liquidation.js';
import * as md from './market-data.js';
import { flow, requote } from './market-makers.js';
import { runTriggered, withinProtection } from './matching.js';
import { BookSide } from './order-book.js';
import { Prng } from './prng.js';
import * as q from './queries.js';
import { HistoryJson } from './history-json.js';
import { snapshot as takeSnapshot, snapshotChunks, restoreCtx } from './snapshot.js';
import { dirtyList, ensureAccount, FLOW, HOUSE, MAKER, markDepth, newWatchEpoch, push, settledFees, tracking } from './state.js';
import type { Ctx, ResolvedConfig, SymbolState } from './state.js';
import { buildSpec, DEFAULT_SYMBOLS } from './symbols.js';
import type { SymbolConfig } from './symbols.js';
import { collectTriggers, fireBatch, retryWorking, TRIGGER_BATCH } from './tpsl.js';
import { TriggerBook } from './trigger-book.js';
import * as trading from './trading.js';
import type {
  Balance, DepthBook, ExchangeEvent, FundingRate, FundingTx, KlineHistory, MarketOverview, Order, Position,
  PositionConfig, RecentTrade, Result, SymbolInfo, SymbolMarket, SymbolPrice, Trade, WalletRecord, WalletRow,
} from './types.js';
import type { NewOrderParams } from './validation.js';
import * as wallets from './wallets.js';
import { cashRow, perpsRow } from './views.js';
import { LOCK_SAFETY_PCT } from '../../src/lib/order-lock';

export interface ExchangeConfig {
  /** Engine clock at creation, ms. Default 2025-01-01T00:00:00Z. */
  startTime?: number;
  /** PRNG seed. Default 1. */
  seed?: number;
  /** Funding interval, ms. Default 3 600 000 (hourly, on the hour). */
  fundingIntervalMs?: number;
  /** Built-in market makers and background flow. Default true. */
  makers?: boolean;
  /** Random-walk the index every second. Default true. */
  indexWalk?: boolean;
  /** Days of synthetic 1-minute candles before startTime. Default 3 (0 = none). */
  historyDays?: number;
  /** Order-lock safety margin in percent (locked = (margin + taker fee) × (1 + pct/100)). Default 1. */
  lockSafetyPct?: number;
  /** Closed orders/trades/funding rows kept per account. Default 10 000. */
  maxHistoryPerUser?: number;
  /** The insurance fund at genesis, DUSD (a decimal string). Default 10 000 000. */
  insuranceFund?: string;
  symbols?: SymbolConfig[];
}

/** Settings a restore may change; everything else comes from the snapshot. */
export type RestoreOverrides = Pick<ExchangeConfig, 'makers' | 'indexWalk' | 'maxHistoryPerUser' | 'fundingIntervalMs'>;

/** The defaults, with the clock's current time as start time. */
export function defaultExchangeConfig(startTime: number): Required<Omit<ExchangeConfig, 'symbols'>> & { symbols: SymbolConfig[] } {
  return { ...resolve({ startTime }), insuranceFund: '10000000', symbols: DEFAULT_SYMBOLS.map((s) => ({ ...s, maker: { ...s.maker } })) };
}

/** System accounts are funded by recorded deposits, so the money invariant covers them. */
const SYSTEM_FUNDING: ReadonlyArray<[string, bigint]> = [
  [HOUSE, 10_000_000n * SCALE],
  [MAKER, 1_000_000_000_000n * SCALE],
  [FLOW, 1_000_000_000_000n * SCALE],
];

function insuranceAmount(text: string): bigint {
  const r = parseDecimal(text, SCALE_DP, 'insuranceFund');
  if (!r.ok || r.value < 0n) throw new Error(`insuranceFund must be a non-negative decimal string: ${text}`);
  return r.value;
}

/** Above this gap advance() walks in 60 s steps (no maker flow) until one hour remains. */
const FULL_STEP_WINDOW_SEC = 3_600;

function resolve(c: ExchangeConfig): ResolvedConfig {
  return {
    seed: c.seed ?? 1,
    startTime: c.startTime ?? Date.UTC(2025, 0, 1),
    fundingIntervalMs: c.fundingIntervalMs ?? 3_600_000,
    makers: c.makers ?? true,
    indexWalk: c.indexWalk ?? true,
    historyDays: c.historyDays ?? 3,
    lockSafetyPct: c.lockSafetyPct ?? LOCK_SAFETY_PCT,
    maxHistoryPerUser: c.maxHistoryPerUser ?? 10_000,
  };
}

function freshCtx(config: ExchangeConfig): Ctx {
  const cfg = resolve(config);
  if (!(cfg.fundingIntervalMs >= 1000)) throw new Error('fundingIntervalMs must be ≥ 1000');
  const ctx: Ctx = {
    cfg, specs: new Map(), syms: new Map(), symList: [], accounts: new Map(), holders: new Set(),
    time: cfg.startTime, lastStepSec: Math.floor(cfg.startTime / 1000),
    seq: { order: 0, trade: 0, position: 0, fundingTx: 0, fundingRate: 0, liq: 0 },
    rng: new Prng(cfg.seed), fees: 0n, deposits: 0n, withdrawals: 0n, credits: new Map(), withdraws: new Map(),
    vaults: new Map(), vaultsByOwner: new Map(), listeners: [], watchFilter: null, watchEpoch: 0, publicTradeFilter: null, queue: dirtyList(), delivering: false,
    dirtyPos: new Map(), dirtyPerps: dirtyList(), dirtyCash: dirtyList(), dirtyDepth: dirtyList(), history: null,
  };
  for (const sc of config.symbols ?? DEFAULT_SYMBOLS) {
    const spec = buildSpec(sc, ctx.symList.length);
    const s: SymbolState = {
      spec, bids: new BookSide(true), asks: new BookSide(false),
      indexExact: BigInt(spec.startPriceTicks) * spec.tickUnit, index: spec.startPriceTicks, mark: spec.startPriceTicks,
      last: 0, basis: 0n, premiumSum: 0, premiumCount: 0, openInterest: 0, triggers: new TriggerBook(), makerOrders: [], klines: newKlineStore(),
      recent: [], fundingRecords: [], makerFeeTl: 0, takerFeeTl: 0,
    };
    seedHistory(s.klines, spec, ctx.rng, cfg.startTime, cfg.historyDays);
    ctx.specs.set(spec.symbol, spec);
    ctx.syms.set(spec.symbol, s);
    ctx.symList.push(s);
  }
  for (const [id, standard] of SYSTEM_FUNDING) {
    const a = ensureAccount(ctx, id);
    const amount = id === HOUSE && config.insuranceFund !== undefined ? insuranceAmount(config.insuranceFund) : standard;
    a.cross += amount;
    ctx.deposits += amount;
    // Recorded like any credit, so the audit can tie deposits to credits.
    ctx.credits.set(`${GENESIS_REF}${id}`, { user: id, amount });
  }
  for (const s of ctx.symList) {
    requote(ctx, s);
    updateMark(s, ctx.time, 0);
  }
  return ctx;
}

export class Exchange {
  private readonly ctx: Ctx;

  constructor(config: ExchangeConfig = {}, restored?: Ctx) {
    this.ctx = restored ?? freshCtx(config);
  }

  /**
   * Rebuilds an exchange from snapshot(). Only makers, indexWalk,
   * maxHistoryPerUser and fundingIntervalMs are taken from `config` (a full
   * ExchangeConfig may be passed); symbols, seed state and clock come from the
   * snapshot.
   */
  static restore(snapshot: string, config: RestoreOverrides = {}): Exchange {
    const o: Partial<ResolvedConfig> = {};
    if (config.makers !== undefined) o.makers = config.makers;
    if (config.indexWalk !== undefined) o.indexWalk = config.indexWalk;
    if (config.maxHistoryPerUser !== undefined) o.maxHistoryPerUser = config.maxHistoryPerUser;
    if (config.fundingIntervalMs !== undefined) o.fundingIntervalMs = config.fundingIntervalMs;
    return new Exchange({}, restoreCtx(snapshot, o));
  }

  snapshot(): string {
    return takeSnapshot(this.ctx);
  }

  /** snapshot() as pieces (no one multi-megabyte string to build). */
  snapshotChunks(): string[] {
    return snapshotChunks(this.ctx);
  }

  /**
   * Keeps the snapshot text of history as it settles (for an exchange that snapshots often):
   * what exists now is serialised at once, and later records when sealHistory() is called
   * after the command that wrote them.
   */
  keepHistoryJson(): void {
    if (this.ctx.history !== null) return;
    const history = new HistoryJson();
    for (const a of this.ctx.accounts.values()) {
      for (const list of [a.orders, a.trades, a.funding]) for (const r of list) history.added(r);
    }
    history.seal();
    this.ctx.history = history;
  }

  /**
   * Stops keeping history's snapshot text (an exchange whose snapshots another copy makes: the
   * snapshot worker's replica keeps it instead). A later snapshot serialises history whole.
   */
  dropHistoryJson(): void {
    this.ctx.history = null;
  }

  /** Serialises the history the last command wrote (see keepHistoryJson). */
  sealHistory(): void {
    this.ctx.history?.seal();
  }

  /** Limits user events (order, trade, position, balance) to accounts someone is listening for. */
  watchUsers(filter: ((user: string) => boolean) | null): void {
    this.ctx.watchFilter = filter;
    newWatchEpoch(this.ctx);
  }

  /** Limits public_trade events to symbols someone is subscribed to (the feed's records are kept either way). */
  watchPublicTrades(filter: ((symbol: string) => boolean) | null): void {
    this.ctx.publicTradeFilter = filter;
  }

  on(listener: (e: ExchangeEvent) => void): () => void {
    // Copy on write: delivery iterates the array as it was, without copying it per event.
    this.ctx.listeners = [...this.ctx.listeners, listener];
    newWatchEpoch(this.ctx);
    return () => {
      const i = this.ctx.listeners.indexOf(listener);
      if (i >= 0) this.ctx.listeners = [...this.ctx.listeners.slice(0, i), ...this.ctx.listeners.slice(i + 1)];
      newWatchEpoch(this.ctx);
    };
  }

  /** Engine clock (ms): the latest `now` seen. */
  now(): number {
    return this.ctx.time;
  }

  symbols(): string[] {
    return this.ctx.symList.map((s) => s.spec.symbol);
  }

  // ---------------- accounts and wallets ----------------

  ensureAccount(user: string): void {
    ensureAccount(this.ctx, user);
  }

  hasAccount(user: string): boolean {
    return this.ctx.accounts.has(user);
  }

  createVault(owner: string): string {
    return wallets.createVault(this.ctx, owner);
  }

  vaultOwner(vaultId: string): string | undefined {
    return this.ctx.vaults.get(vaultId);
  }

  vaultsOf(owner: string): string[] {
    return [...(this.ctx.vaultsByOwner.get(owner) ?? [])];
  }

  creditCash(user: string, amount: string, ref: string): Result<void> {
    return this.run(() => wallets.creditCash(this.ctx, user, amount, ref));
  }

  /** Takes a deposit credit back (its block left the canonical chain); see wallets.reverseCredit. */
  reverseCredit(ref: string): Result<wallets.Reversal> {
    return this.run(() => wallets.reverseCredit(this.ctx, ref));
  }

  reserveWithdraw(user: string, amount: string, ref: string): Result<void> {
    return this.run(() => wallets.reserveWithdraw(this.ctx, user, amount, ref));
  }

  settleWithdraw(ref: string): Result<void> {
    return this.run(() => wallets.settleWithdraw(this.ctx, ref));
  }

  /** The payout that settled `ref` left the canonical chain: pending (locked) again. */
  unsettleWithdraw(ref: string): Result<void> {
    return this.run(() => wallets.unsettleWithdraw(this.ctx, ref));
  }

  releaseWithdraw(ref: string): Result<void> {
    return this.run(() => wallets.releaseWithdraw(this.ctx, ref));
  }

  transferToPerps(user: string, amount: string): Result<void> {
    return this.run(() => wallets.transferToPerps(this.ctx, user, amount));
  }

  transferToSpot(user: string, amount: string): Result<void> {
    return this.run(() => wallets.transferToSpot(this.ctx, user, amount));
  }

  wallets(user: string): { cash: WalletRow; perps: WalletRow } {
    const a = this.ctx.accounts.get(user);
    return { cash: cashRow(a), perps: perpsRow(this.ctx, a) };
  }

  /** The account's two wallet records as of their latest versions (the `balance` channel's rows; wallets.ts). */
  walletRecords(user: string): { cash: WalletRecord; perps: WalletRecord } {
    return { cash: wallets.walletRecord(this.ctx, user, 'spot'), perps: wallets.walletRecord(this.ctx, user, 'perps') };
  }

  // ---------------- trading ----------------

  newOrder(user: string, p: NewOrderParams, now: number): Result<{ orderId: number; clOrdId: string }> {
    const before = this.ctx.time;
    trading.touch(this.ctx, now);
    const r = trading.newOrder(this.ctx, user, p);
    if (!r.ok) this.ctx.time = before;
    deliver(this.ctx);
    return r;
  }

  cancelOrder(user: string, p: { order_id?: number | null; cl_ord_id?: string | null }, now: number): Result<void> {
    return this.run(() => trading.cancelOrder(this.ctx, user, p), now);
  }

  cancelOrders(user: string, p: { order_id_list?: number[] | null; cl_ord_id_list?: string[] | null }, now: number): Result<void> {
    return this.run(() => trading.cancelOrders(this.ctx, user, p), now);
  }

  changeLeverage(user: string, symbol: string, leverage: number, now: number): Result<void> {
    return this.run(() => trading.changeLeverage(this.ctx, user, symbol, leverage), now);
  }

  changeMarginMode(user: string, symbol: string, mode: string, now: number): Result<void> {
    return this.run(() => trading.changeMarginMode(this.ctx, user, symbol, mode), now);
  }

  transferMargin(user: string, symbol: string, amountIn: string, now: number): Result<void> {
    return this.run(() => trading.transferMargin(this.ctx, user, symbol, amountIn), now);
  }

  // ---------------- user queries ----------------

  queryOrder(user: string, p: { order_id?: number | null; cl_ord_id?: string | null }): Result<Order> {
    return q.queryOrder(this.ctx, user, p);
  }

  queryOrders(user: string, p: q.OrdersQuery = {}): q.Page<Order> {
    return q.queryOrders(this.ctx, user, p);
  }

  queryOpenOrders(user: string, p: { symbol?: string | null; limit?: number | string | null } = {}): q.Page<Order> {
    return q.queryOpenOrders(this.ctx, user, p);
  }

  queryTrades(user: string, p: q.TradesQuery = {}): q.Page<Trade> {
    return q.queryTrades(this.ctx, user, p);
  }

  queryFundingHistory(user: string, p: Omit<q.TradesQuery, 'side'> = {}): FundingTx[] {
    return q.queryFundingHistory(this.ctx, user, p);
  }

  queryPositionConfig(user: string, symbol: string): Result<PositionConfig> {
    return q.queryPositionConfig(this.ctx, user, symbol);
  }

  queryPositions(user: string, symbol?: string | null): Position[] {
    return q.queryPositions(this.ctx, user, symbol);
  }

  queryBalance(user: string): Balance {
    return q.queryBalance(this.ctx, user);
  }

  // ---------------- public market data ----------------

  marketOverview(): MarketOverview {
    return md.marketOverview(this.ctx);
  }

  symbolInfo(symbol?: string): Result<SymbolInfo[]> {
    return md.symbolInfo(this.ctx, symbol);
  }

  symbolMarket(symbol: string): Result<SymbolMarket> {
    return md.symbolMarket(this.ctx, symbol);
  }

  symbolPrice(symbol: string): Result<SymbolPrice> {
    return md.symbolPrice(this.ctx, symbol);
  }

  /** The best `DEPTH_LEVELS` levels per side; shared by every reader until the book changes. */
  depthBook(symbol: string): Result<DepthBook> {
    return md.depthBook(this.ctx, symbol);
  }

  /** `depthBook` as JSON text, rendered once per change of the book (the stream and HTTP send it as is). */
  depthBookText(symbol: string): Result<string> {
    return md.depthBookText(this.ctx, symbol);
  }

  /** How many depth snapshots this exchange has rendered (tests: one per change of a read book). */
  get depthRenders(): number {
    return this.ctx.depthRenders ?? 0;
  }

  recentTrades(symbol: string): Result<RecentTrade[]> {
    return md.recentTrades(this.ctx, symbol);
  }

  fundingRates(symbol: string, startMs: number, endMs: number): Result<FundingRate[]> {
    return md.fundingRates(this.ctx, symbol, startMs, endMs);
  }

  klineHistory(symbol: string, fromSec: number, toSec: number, resolution: string, countback?: number): Result<KlineHistory> {
    return md.klineHistory(this.ctx, symbol, fromSec, toSec, resolution, countback);
  }

  // ---------------- time ----------------

  /**
   * Runs every whole second up to `now`: index walk, maker re-quotes and flow,
   * mark, premium sample, funding at interval boundaries, TP/SL triggers,
   * liquidations, house unwinding. Gaps above an hour are first crossed in
   * 60 s steps without background flow.
   */
  advance(now: number): void {
    const ctx = this.ctx;
    const target = Math.floor(now / 1000);
    while (target - ctx.lastStepSec > FULL_STEP_WINDOW_SEC) {
      this.step(ctx.lastStepSec + 60, 60, false);
    }
    const stepped = ctx.lastStepSec < target;
    while (ctx.lastStepSec < target) this.step(ctx.lastStepSec + 1, 1, true);
    trading.touch(ctx, now);
    // Between whole seconds an advance still fires the next batch of a trigger backlog.
    if (!stepped) this.fireTriggers();
    deliver(ctx);
  }

  /**
   * Fires the next batch (TP/SL children the mark crossed that a bounded batch left waiting,
   * tpsl.ts TRIGGER_BATCH) and says whether more remain. The devnet calls it again (setImmediate,
   * journaled as `drainTriggers`) while it returns true, so a trigger storm fires within about a
   * second without any call keeping the event loop long; `advance` fires a batch too.
   */
  drainTriggers(now: number): boolean {
    trading.touch(this.ctx, now);
    this.fireTriggers();
    deliver(this.ctx);
    return this.triggerBacklog() > 0;
  }

  /** Crossed TP/SL children still waiting to fire, over all symbols. */
  triggerBacklog(): number {
    let n = 0;
    for (const s of this.ctx.symList) n += s.triggers.backlog;
    return n;
  }

  /**
   * The symbol's trigger book in numbers (tests, admin): untriggered children indexed, crossed ones
   * waiting to fire, working ones, and how many children the index has looked at so far (`visits`).
   */
  triggerStats(symbol: string): { indexed: number; backlog: number; working: number; visits: number } | undefined {
    const t = this.ctx.syms.get(symbol)?.triggers;
    if (t === undefined) return undefined;
    return { indexed: t.size, backlog: t.backlog, working: t.workingSell.size + t.workingBuy.size, visits: t.visits };
  }

  private fireTriggers(): void {
    let budget = TRIGGER_BATCH;
    for (const s of this.ctx.symList) {
      if (budget <= 0) break;
      budget -= fireBatch(this.ctx, s, runTriggered, budget);
    }
  }

  private step(tSec: number, dt: number, full: boolean): void {
    const ctx = this.ctx;
    const prevSec = ctx.lastStepSec;
    ctx.lastStepSec = tSec;
    trading.touch(ctx, tSec * 1000);
    for (const s of ctx.symList) {
      walkIndex(ctx, s, dt);
      requote(ctx, s);
      if (full) flow(ctx, s);
      updateMark(s, ctx.time, dt);
      samplePremium(s);
    }
    const I = ctx.cfg.fundingIntervalMs;
    const k = Math.floor((tSec * 1000) / I);
    if (k > Math.floor((prevSec * 1000) / I)) {
      for (const s of ctx.symList) settleFunding(ctx, s, k * I);
    }
    this.afterMarkChange();
    if (tracking(ctx)) for (const s of ctx.symList) push(ctx, { type: 'price', symbol: s.spec.symbol });
  }

  private afterMarkChange(): void {
    const ctx = this.ctx;
    // Working TP/SL children (fired earlier, left unfilled by the protection band) first, then what the
    // mark crossed now joins the queue and the next batch of it fires.
    for (const s of ctx.symList) retryWorking(ctx, s, runTriggered, withinProtection);
    for (const s of ctx.symList) collectTriggers(s);
    this.fireTriggers();
    checkLiquidations(ctx);
    unwindHouse(ctx);
  }

  /** The mark's basis of a symbol (index-price.ts), a decimal of price: mark lies between index and index + basis. */
  markBasis(symbol: string): Result<string> {
    const r = md.lookup(this.ctx, symbol);
    return r.ok ? { ok: true, value: fmt(r.value.basis) } : r;
  }

  /**
   * Devnet control: sets the index (and hence the mark) of a symbol at once and
   * runs triggers and liquidations. The random walk continues from there.
   */
  setIndexPrice(symbol: string, price: string, now: number): Result<void> {
    const ctx = this.ctx;
    const r = md.lookup(ctx, symbol);
    if (!r.ok) return r;
    const s = r.value;
    const p = parseDecimal(price, s.spec.pd, 'price');
    if (!p.ok) return { ok: false, code: 400, message: p.message };
    if (p.value <= 0n) return { ok: false, code: 400, message: 'price must be positive' };
    trading.touch(ctx, now);
    s.indexExact = p.value * s.spec.tickUnit;
    s.index = quantize(s, s.indexExact);
    // An oracle jump the operator makes, not trading: the basis the book built around the old index
    // says nothing about the new one, so it starts again from 0 and the mark is the index at once
    // (tests and e2e fire TP/SL and liquidations this way). Makers follow at once too.
    s.basis = 0n;
    requote(ctx, s);
    updateMark(s, ctx.time, 0);
    markDepth(ctx, s);
    this.afterMarkChange();
    if (tracking(ctx)) push(ctx, { type: 'price', symbol });
    deliver(ctx);
    return { ok: true, value: undefined };
  }

  /**
   * The audit of named accounts (audit.ts): every trader's cash, isolated margins and perps equity,
   * fees, the insurance fund and the house, each non-negative, adding up to deposits − withdrawals;
   * withdraw reservations pending, settled or released once; Σ qty = 0; order locks consistent.
   */
  audit(): AuditReport {
    return audit(this.ctx);
  }

  /** The audit's verdict in one line (kept for callers of the old money invariant). */
  moneyInvariant(): { ok: boolean; detail: string } {
    const r = audit(this.ctx);
    return { ok: r.ok, detail: r.detail };
  }

  /** Every withdraw reservation and where it stands (the ledger audit ties them to the bridge's book). */
  withdrawReservations(): Array<{ ref: string; user: string; amount: string; state: 'pending' | 'settled' | 'released' }> {
    return [...this.ctx.withdraws].map(([ref, w]) => ({ ref, user: w.user, amount: fmt(w.amount), state: w.state }));
  }

  /** Totals the service may expose on an admin endpoint. */
  ledger(): { deposits: string; withdrawals: string; fees: string; insurance: string } {
    const house = this.ctx.accounts.get(HOUSE);
    return {
      deposits: fmt(this.ctx.deposits),
      withdrawals: fmt(this.ctx.withdrawals),
      fees: fmt(settledFees(this.ctx)),
      insurance: house ? fmt(house.cross) : '0',
    };
  }

  /** A refused command leaves everything as it was, the engine clock included. */
  private run<T>(fn: () => Result<T>, now?: number): Result<T> {
    const before = this.ctx.time;
    if (now !== undefined) trading.touch(this.ctx, now);
    const r = fn();
    if (!r.ok) this.ctx.time = before;
    deliver(this.ctx);
    return r;
  }
}
