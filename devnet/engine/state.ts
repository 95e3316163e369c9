// The engine's whole mutable state plus the event buffer. Modules are plain
// functions over this context so the facade stays thin and snapshot/restore
// has a single place to look.
import type { HistoryJson } from './history-json.js';
import type { KlineStore } from './klines.js';
import type { BookSide } from './order-book.js';
import type { Prng } from './prng.js';
import type { SymbolSpec } from './symbols.js';
import type { TriggerBook } from './trigger-book.js';
import type {
  Account, Counters, CreditRec, DepthBook, EngineEvent, ExchangeEvent, FundingRateRec, OrderRec, PosConfig, PositionRec, PublicTradeRec,
  WalletLedger, WithdrawRec,
} from './types.js';

/** One market's live state: its book, prices, triggers and public feeds. */
export interface SymbolState {
  spec: SymbolSpec;
  bids: BookSide;
  asks: BookSide;
  /** Index price, 1e-18, unrounded random-walk state. */
  indexExact: bigint;
  /** Published index and mark, ticks. */
  index: number;
  mark: number;
  /** Last trade price in ticks, 0 before the first trade. */
  last: number;
  /**
   * The mark's basis, 1e-18 of price: the exponential 150 s average of (book mid − index), each
   * sample clamped to ±MAX_PREMIUM_BPS (index-price.ts updateMark). 0 after the operator sets the index.
   */
  basis: bigint;
  premiumSum: number;
  premiumCount: number;
  /** Σ long lots over all accounts. */
  openInterest: number;
  /** TP/SL children waiting on the mark, crossed ones waiting to fire, and working ones (trigger-book.ts). */
  triggers: TriggerBook;
  makerOrders: OrderRec[];
  klines: KlineStore;
  recent: PublicTradeRec[];
  fundingRecords: FundingRateRec[];
  /**
   * Σ ticks×lots of the maker and of the taker sides of fills whose fees are not yet added to
   * ctx.fees (matching.ts fillSide): each such fee is exactly ticks×lots × the symbol's fee unit, so
   * the sum is added once, when the fees are read (settledFees), instead of one bigint addition per
   * side of every fill. Always below 2^53 (exact). Not state of its own: snapshots hold ctx.fees settled.
   */
  makerFeeTl: number;
  takerFeeTl: number;
  /** Not state: in ctx.dirtyDepth already (a Set's clear after every command costs a new table). */
  depthMarked?: boolean;
  /** Not state: the symbol's shared depth event (events.ts), kept here to save a lookup per delivery. */
  depthEvent?: EngineEvent;
  /**
   * Not state: +1 on every change of the book (markDepth, listened to or not), so a rendered depth
   * snapshot is exactly the book's while its version is current.
   */
  depthVersion?: number;
  /** Not state: the depth snapshot rendered for a `depthVersion` (market-data.ts), shared by every reader. */
  depthRendered?: { version: number; book: DepthBook; text: string };
}


export interface ResolvedConfig {
  seed: number;
  startTime: number;
  fundingIntervalMs: number;
  makers: boolean;
  indexWalk: boolean;
  historyDays: number;
  lockSafetyPct: number;
  maxHistoryPerUser: number;
}

export interface Ctx {
  cfg: ResolvedConfig;
  specs: Map<string, SymbolSpec>;
  syms: Map<string, SymbolState>;
  symList: SymbolState[];
  accounts: Map<string, Account>;
  /** Accounts holding at least one position (system ones included). */
  holders: Set<string>;
  time: number;
  lastStepSec: number;
  seq: Counters;
  rng: Prng;
  /** Fees collected; fills' fees may still wait in SymbolState.makerFeeTl/takerFeeTl: read it through settledFees. */
  fees: bigint;
  deposits: bigint;
  withdrawals: bigint;
  credits: Map<string, CreditRec>;
  withdraws: Map<string, WithdrawRec>;
  vaults: Map<string, string>;
  vaultsByOwner: Map<string, string[]>;
  // ---- not state: event plumbing ----
  listeners: Array<(e: ExchangeEvent) => void>;
  /** Accounts whose user events are wanted; null = all (not part of snapshots). */
  watchFilter: ((user: string) => boolean) | null;
  /**
   * Not state: moves whenever code outside the engine may have run and changed watchFilter's answers
   * (see watchedAccount), so an account's remembered answer is good only while it equals this.
   */
  watchEpoch: number;
  /** Symbols whose public trades are wanted; null = all (not part of snapshots). */
  publicTradeFilter: ((symbol: string) => boolean) | null;
  /** Events of the command being run (and of commands listeners run from delivery), in order. */
  queue: DirtyList<EngineEvent>;
  delivering: boolean;
  dirtyPos: Map<Account, Map<string, PositionRec>>;
  /**
   * Wallets the command being run may have changed, watched or not (their versions move either
   * way: wallets.ts settleWallets, at delivery). Not state: empty between commands.
   */
  dirtyPerps: DirtyList<Account>;
  dirtyCash: DirtyList<Account>;
  /** Symbols whose depth the command changed (each once: SymbolState.depthMarked). */
  dirtyDepth: DirtyList<SymbolState>;
  /** Snapshot text of settled history, kept only where snapshots are taken (not state). */
  history: HistoryJson | null;
  /** Depth snapshots rendered so far (not state; tests read it through Exchange.depthRenders). */
  depthRenders?: number;
}

/**
 * What a command marked, in marking order: `n` entries of `items` count. Emptied by resetting `n`, so
 * the array keeps its storage from command to command (a Set's clear, or an array's length = 0,
 * would allocate again every command).
 */
export interface DirtyList<T> {
  items: T[];
  n: number;
}

export function dirtyList<T>(): DirtyList<T> {
  return { items: [], n: 0 };
}

function addDirty<T>(l: DirtyList<T>, x: T): void {
  l.items[l.n++] = x;
}

export const HOUSE = 'sys_insurance';
export const MAKER = 'sys_mm';
export const FLOW = 'sys_flow';

export function isSystem(id: string): boolean {
  return id.startsWith('sys_');
}

export function newAccount(id: string): Account {
  return {
    id,
    system: isSystem(id),
    cashFree: 0n,
    cashLocked: 0n,
    cross: 0n,
    lockTl: [],
    cfg: new Map(),
    positions: new Map(),
    live: new Map(),
    liveCl: new Map(),
    liveCount: [],
    orders: [],
    trades: [],
    funding: [],
    watchEpoch: -1,
    watchAnswer: false,
  };
}

export function ensureAccount(ctx: Ctx, id: string): Account {
  let a = ctx.accounts.get(id);
  if (a === undefined) {
    a = newAccount(id);
    ctx.accounts.set(id, a);
  }
  walletLedgers(ctx, a);
  return a;
}

function emptyLedger(id: number, now: number): WalletLedger {
  return { id, createdAt: now, version: 0, updatedAt: now, lastTx: 0, lastTxAt: 0, inbound: 0n, outbound: 0n };
}

/**
 * The account's two wallet records, created empty (version 0, now) the first time they are asked
 * for: when the account is created, or when a command first changes an account created without
 * ensureAccount. Ids come from one devnet-wide counter: Cash first, then Perps. None for system accounts.
 */
export function walletLedgers(ctx: Ctx, acct: Account): { spot: WalletLedger; perps: WalletLedger } | undefined {
  if (acct.system) return undefined;
  if (acct.wallets === undefined) {
    const n = ctx.seq.wallet ?? 0;
    ctx.seq.wallet = n + 2;
    acct.wallets = { spot: emptyLedger(n + 1, ctx.time), perps: emptyLedger(n + 2, ctx.time) };
  }
  return acct.wallets;
}

export function account(ctx: Ctx, id: string): Account {
  const a = ctx.accounts.get(id);
  if (a === undefined) throw new Error(`engine: unknown account ${id}`);
  return a;
}

export function posConfig(ctx: Ctx, acct: Account, symbol: string): PosConfig {
  const c = acct.cfg.size === 0 ? undefined : acct.cfg.get(symbol);
  if (c !== undefined) return c;
  const spec = ctx.specs.get(symbol);
  return spec ? spec.defaultCfg : { leverage: 1, mode: 'cross' };
}

/** The same with the symbol's spec at hand: no lookup at all for an account that never changed a config. */
export function posConfigOf(acct: Account, spec: SymbolSpec): PosConfig {
  const c = acct.cfg.size === 0 ? undefined : acct.cfg.get(spec.symbol);
  return c !== undefined ? c : spec.defaultCfg;
}

export function tracking(ctx: Ctx): boolean {
  return ctx.listeners.length > 0;
}

/**
 * Whether anyone wants this account's order/trade/position/balance events. Rendering them is most
 * of the cost of an order when listened to, so the service says whose events it can deliver.
 */
export function watched(ctx: Ctx, user: string): boolean {
  return ctx.listeners.length > 0 && (ctx.watchFilter === null || ctx.watchFilter(user));
}

/**
 * watched() for an account, its answer remembered on the account (Account.watchEpoch) until
 * ctx.watchEpoch moves. A command asks it about 8 times per order (order, trade, position and wallet
 * events of the taker and each maker), and the filter (the service's lookup of who is connected) can
 * only answer differently once code outside the engine has run. That happens only between commands
 * and in listeners, so the epoch moves when delivery starts, before each listener call, when delivery
 * ends, and when the listeners or the filter are replaced (events.ts deliver, exchange.ts).
 */
export function watchedAccount(ctx: Ctx, acct: Account): boolean {
  if (ctx.listeners.length === 0) return false;
  const filter = ctx.watchFilter;
  if (filter === null) return true;
  if (acct.watchEpoch === ctx.watchEpoch) return acct.watchAnswer === true;
  const answer = filter(acct.id);
  acct.watchEpoch = ctx.watchEpoch;
  acct.watchAnswer = answer;
  return answer;
}

/** Code outside the engine may run next (or the filter changed): watchedAccount asks the filter again. */
export function newWatchEpoch(ctx: Ctx): void {
  ctx.watchEpoch++;
}

/** Whether anyone wants the symbol's public_trade events (rendering them is most of a fill's event cost). */
export function watchedPublicTrades(ctx: Ctx, symbol: string): boolean {
  return ctx.listeners.length > 0 && (ctx.publicTradeFilter === null || ctx.publicTradeFilter(symbol));
}

export function markPosition(ctx: Ctx, acct: Account, pos: PositionRec): void {
  if (acct.system || !watchedAccount(ctx, acct)) return;
  let m = ctx.dirtyPos.get(acct);
  if (m === undefined) {
    m = new Map();
    ctx.dirtyPos.set(acct, m);
  }
  m.set(pos.symbol, pos);
}

/** Account.dirtyWallets bits: the account is in ctx.dirtyPerps / ctx.dirtyCash. */
export const DIRTY_PERPS = 1;
export const DIRTY_CASH = 2;

/** The command may have changed the account's Perps Wallet (recorded whether or not anyone listens: its version counts). */
export function markPerps(ctx: Ctx, acct: Account): void {
  markWallet(acct, DIRTY_PERPS, ctx.dirtyPerps);
}

/** The command may have changed the account's Cash Wallet. */
export function markCash(ctx: Ctx, acct: Account): void {
  markWallet(acct, DIRTY_CASH, ctx.dirtyCash);
}

/** Puts the account in `list` once per command, `bit` of Account.dirtyWallets saying it is there. */
function markWallet(acct: Account, bit: number, list: DirtyList<Account>): void {
  const marks = acct.dirtyWallets ?? 0;
  if (acct.system || (marks & bit) !== 0) return;
  acct.dirtyWallets = marks | bit;
  addDirty(list, acct);
}

export function markDepth(ctx: Ctx, s: SymbolState): void {
  s.depthVersion = (s.depthVersion ?? 0) + 1;
  if (ctx.listeners.length > 0 && s.depthMarked !== true) {
    s.depthMarked = true;
    addDirty(ctx.dirtyDepth, s);
  }
}

/** ctx.fees with every fill's fee in it (the fills' pending sums added now). Read the fees only through this. */
export function settledFees(ctx: Ctx): bigint {
  for (const s of ctx.symList) {
    if (s.makerFeeTl !== 0) {
      ctx.fees += BigInt(s.makerFeeTl) * s.spec.makerFeeUnit;
      s.makerFeeTl = 0;
    }
    if (s.takerFeeTl !== 0) {
      ctx.fees += BigInt(s.takerFeeTl) * s.spec.takerFeeUnit;
      s.takerFeeTl = 0;
    }
  }
  return ctx.fees;
}

export function push(ctx: Ctx, e: EngineEvent): void {
  addDirty(ctx.queue, e);
}
