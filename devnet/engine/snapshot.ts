// Complete, deterministic JSON image of the engine. Bigints are written as
// {"$b":"<digits>"} (see history-json.ts). Derived indexes (live maps, book levels, trigger lists,
// counts) are rebuilt on restore; FIFO priority is the order id, because an
// order rests at most once, right after it is created.
import { bigintImage, HistoryJson, imageJson, type BigintImage } from './history-json.js';
import { newKlineStore, type BarSeries } from './klines.js';
import type { Bar, KlineStore } from './klines.js';
import { BookSide } from './order-book.js';
import { Prng } from './prng.js';
import type { Ctx, ResolvedConfig, SymbolState } from './state.js';
import { dirtyList, newAccount, settledFees } from './state.js';
import { buildSpec } from './symbols.js';
import { TriggerBook } from './trigger-book.js';
import type { SymbolConfig } from './symbols.js';
import type {
  Account, Counters, CreditRec, FundingRateRec, FundingTxRec, OrderRec, PosConfig, PositionRec, PublicTradeRec,
  TradeRec, WalletLedger, WithdrawRec,
} from './types.js';
import { adoptWalletLedgers } from './wallets.js';

export const SNAPSHOT_VERSION = 1;

type BarTuple = [number, number, number, number, number, number, number];

interface AccountImage {
  id: string;
  cashFree: bigint;
  cashLocked: bigint;
  /** Only when non-zero (reverseCredit). */
  debt?: bigint;
  cross: bigint;
  cfg: Array<[string, PosConfig]>;
  positions: PositionRec[];
  /** Wallet records (wallets.ts); absent in snapshots taken before they existed, and for system accounts. */
  wallets?: { spot: WalletLedger; perps: WalletLedger };
  orders: OrderRec[];
  trades: TradeRec[];
  funding: FundingTxRec[];
}

interface SymbolImage {
  symbol: string;
  indexExact: bigint;
  index: number;
  mark: number;
  last: number;
  /** The mark's basis (absent in snapshots from before it: 0). */
  basis?: bigint;
  premiumSum: number;
  premiumCount: number;
  makerOrderIds: number[];
  /** Crossed TP/SL children waiting to fire, in firing order (trigger-book.ts); absent in older snapshots. */
  triggerPendingIds?: number[];
  /** Fired TP/SL children the protection band left unfilled, in the order they are passed again. */
  triggerWorkingIds?: number[];
  klines: { sec: BarTuple[]; min: BarTuple[]; hour: BarTuple[] };
  recent: PublicTradeRec[];
  fundingRecords: FundingRateRec[];
}

interface Image {
  version: number;
  cfg: ResolvedConfig;
  symbols: SymbolConfig[];
  time: number;
  lastStepSec: number;
  seq: Counters;
  rng: number[];
  fees: bigint;
  deposits: bigint;
  withdrawals: bigint;
  credits: Array<[string, CreditRec]>;
  withdraws: Array<[string, WithdrawRec]>;
  vaults: Array<[string, string]>;
  vaultsByOwner: Array<[string, string[]]>;
  holders: string[];
  accounts: AccountImage[];
  markets: SymbolImage[];
}

const toTuples = (bars: Bar[]): BarTuple[] => bars.map((b) => [b.t, b.o, b.h, b.l, b.c, b.v, b.q]);

function fromTuples(series: BarSeries, rows: BarTuple[]): void {
  series.bars = rows.map(([t, o, h, l, c, v, q]) => ({ t, o, h, l, c, v, q }));
}

/**
 * The image as pieces of one JSON text (concatenated, they are the snapshot). Settled history comes
 * from `ctx.history` where it is kept, so a snapshot serialises only what changed since the last.
 */
export function snapshotChunks(ctx: Ctx): string[] {
  const history = ctx.history ?? new HistoryJson();
  const head: Omit<Image, 'accounts' | 'markets'> = {
    version: SNAPSHOT_VERSION,
    cfg: ctx.cfg,
    symbols: ctx.symList.map((s) => s.spec.cfg),
    time: ctx.time,
    lastStepSec: ctx.lastStepSec,
    seq: ctx.seq,
    rng: ctx.rng.state(),
    fees: settledFees(ctx),
    deposits: ctx.deposits,
    withdrawals: ctx.withdrawals,
    credits: [...ctx.credits.entries()],
    withdraws: [...ctx.withdraws.entries()],
    vaults: [...ctx.vaults.entries()],
    vaultsByOwner: [...ctx.vaultsByOwner.entries()],
    holders: [...ctx.holders],
  };
  const out = [`${withoutClose(imageJson(head))},"accounts":[`];
  let first = true;
  for (const a of ctx.accounts.values()) {
    const fixed: Omit<AccountImage, 'orders' | 'trades' | 'funding'> = {
      id: a.id,
      cashFree: a.cashFree,
      cashLocked: a.cashLocked,
      ...(a.debt ? { debt: a.debt } : {}),
      cross: a.cross,
      cfg: [...a.cfg.entries()],
      positions: [...a.positions.values()],
      ...(a.wallets ? { wallets: a.wallets } : {}),
    };
    // System accounts keep no history: their live orders are the whole story.
    const orders = a.system ? [...a.live.values()] : a.orders;
    out.push(`${first ? '' : ','}${withoutClose(imageJson(fixed))},"orders":`);
    history.pushArray(out, orders);
    out.push(',"trades":');
    history.pushArray(out, a.trades);
    out.push(',"funding":');
    history.pushArray(out, a.funding);
    out.push('}');
    first = false;
  }
  // Candles are most of a market's image and only a series' last bar still changes: the text of the
  // closed ones is kept (closedBarsJson) and spliced in after the rest of the market.
  out.push('],"markets":[');
  ctx.symList.forEach((s, i) => {
    const market: Omit<SymbolImage, 'indexExact' | 'basis' | 'klines'> & { indexExact: BigintImage; basis: BigintImage } = {
      symbol: s.spec.symbol,
      indexExact: bigintImage(s.indexExact),
      index: s.index,
      mark: s.mark,
      last: s.last,
      basis: bigintImage(s.basis),
      premiumSum: s.premiumSum,
      premiumCount: s.premiumCount,
      makerOrderIds: s.makerOrders.filter((o) => o.status === 'open').map((o) => o.id),
      triggerPendingIds: s.triggers.pendingIds(),
      triggerWorkingIds: s.triggers.workingIds(),
      recent: s.recent,
      fundingRecords: s.fundingRecords,
    };
    const { sec, min, hour } = s.klines;
    out.push(
      `${i === 0 ? '' : ','}${withoutClose(JSON.stringify(market))},"klines":{"sec":${barsJson(sec)},"min":${barsJson(min)},"hour":${barsJson(hour)}}}`,
    );
  });
  out.push(']}');
  return out;
}

/** Text of a series' closed bars (all but the last), by bar array: appends extend it, a trim starts anew. */
const closedBars = new WeakMap<Bar[], { count: number; text: string }>();

function barsJson(series: BarSeries): string {
  const bars = series.bars;
  if (bars.length === 0) return '[]';
  const closed = bars.length - 1;
  let kept = closedBars.get(bars);
  if (kept === undefined || kept.count > closed) {
    kept = { count: 0, text: '' };
    closedBars.set(bars, kept);
  }
  if (kept.count < closed) {
    const more = JSON.stringify(toTuples(bars.slice(kept.count, closed))).slice(1, -1);
    kept.text = kept.text === '' ? more : `${kept.text},${more}`;
    kept.count = closed;
  }
  const last = JSON.stringify(toTuples([bars[closed]!])).slice(1, -1);
  return kept.text === '' ? `[${last}]` : `[${kept.text},${last}]`;
}

/** An object's JSON without its closing brace, to append more members. */
const withoutClose = (json: string): string => json.slice(0, -1);

export const snapshot = (ctx: Ctx): string => snapshotChunks(ctx).join('');

const LIVE = new Set(['new', 'open', 'untriggered']);

export function restoreCtx(json: string, overrides: Partial<ResolvedConfig>): Ctx {
  const image = JSON.parse(json, (_k, v: unknown) => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const keys = Object.keys(v);
      if (keys.length === 1 && keys[0] === '$b') return BigInt((v as { $b: string }).$b);
    }
    return v;
  }) as Image;
  if (image.version !== SNAPSHOT_VERSION) throw new Error(`unsupported snapshot version ${String(image.version)}`);
  const cfg: ResolvedConfig = { ...image.cfg, ...overrides };
  const ctx: Ctx = {
    cfg,
    specs: new Map(),
    syms: new Map(),
    symList: [],
    accounts: new Map(),
    holders: new Set(image.holders),
    time: image.time,
    lastStepSec: image.lastStepSec,
    seq: { ...image.seq },
    rng: new Prng(image.rng),
    fees: image.fees,
    deposits: image.deposits,
    withdrawals: image.withdrawals,
    credits: new Map(image.credits),
    withdraws: new Map(image.withdraws),
    vaults: new Map(image.vaults),
    vaultsByOwner: new Map(image.vaultsByOwner),
    listeners: [], watchFilter: null, watchEpoch: 0, publicTradeFilter: null,
    queue: dirtyList(),
    delivering: false,
    dirtyPos: new Map(),
    dirtyPerps: dirtyList(),
    dirtyCash: dirtyList(),
    dirtyDepth: dirtyList(),
    history: null,
  };
  for (const m of image.markets) {
    const sc = image.symbols.find((c) => c.symbol === m.symbol);
    if (sc === undefined) throw new Error(`snapshot: missing config for ${m.symbol}`);
    const spec = buildSpec(sc, ctx.symList.length);
    const klines: KlineStore = newKlineStore();
    fromTuples(klines.sec, m.klines.sec);
    fromTuples(klines.min, m.klines.min);
    fromTuples(klines.hour, m.klines.hour);
    const s: SymbolState = {
      spec, bids: new BookSide(true), asks: new BookSide(false), indexExact: m.indexExact, index: m.index, mark: m.mark,
      last: m.last, basis: m.basis ?? 0n, premiumSum: m.premiumSum, premiumCount: m.premiumCount, openInterest: 0, triggers: new TriggerBook(),
      makerOrders: [], klines, recent: m.recent, fundingRecords: m.fundingRecords, makerFeeTl: 0, takerFeeTl: 0,
    };
    ctx.specs.set(spec.symbol, spec);
    ctx.syms.set(spec.symbol, s);
    ctx.symList.push(s);
  }
  const live: OrderRec[] = [];
  for (const ai of image.accounts) {
    const a = newAccount(ai.id);
    a.cashFree = ai.cashFree;
    a.cashLocked = ai.cashLocked;
    if (ai.debt) a.debt = ai.debt;
    a.cross = ai.cross;
    a.cfg = new Map(ai.cfg);
    if (ai.wallets && !a.system) a.wallets = ai.wallets;
    for (const p of ai.positions) {
      a.positions.set(p.symbol, p);
      const s = ctx.syms.get(p.symbol);
      if (s !== undefined && p.qty > 0) s.openInterest += p.qty;
    }
    if (!a.system) a.orders = ai.orders;
    a.trades = ai.trades;
    a.funding = ai.funding;
    for (const o of ai.orders) {
      if (!LIVE.has(o.status)) continue;
      live.push(o);
      a.live.set(o.id, o);
      if (a.system) continue;
      const s = ctx.syms.get(o.symbol);
      if (o.status === 'open' && !o.reduceOnly && !isChild(o) && s !== undefined) {
        a.lockTl[s.spec.idx] = (a.lockTl[s.spec.idx] ?? 0) + (o.qty - o.filled) * o.price;
      }
      a.liveCl.set(o.clOrdId, o);
      if (s !== undefined) a.liveCount[s.spec.idx] = (a.liveCount[s.spec.idx] ?? 0) + 1;
    }
    ctx.accounts.set(a.id, a);
  }
  // Snapshots from before wallet records: every account gets them now, in account order (deterministic).
  const adopt: Account[] = [];
  for (const a of ctx.accounts.values()) if (!a.system && a.wallets === undefined) adopt.push(a);
  live.sort((x, y) => x.id - y.id);
  const byId = new Map<number, OrderRec>();
  for (const o of live) byId.set(o.id, o);
  // Crossed and working TP/SL children keep their place in the queues (ids in the market image).
  const queued = new Set<number>();
  for (const m of image.markets) {
    const s = ctx.syms.get(m.symbol);
    if (s === undefined) continue;
    for (const id of m.triggerPendingIds ?? []) {
      const o = byId.get(id);
      if (o !== undefined && o.status === 'untriggered') {
        s.triggers.addPending(o);
        queued.add(id);
      }
    }
    for (const id of m.triggerWorkingIds ?? []) {
      const o = byId.get(id);
      if (o !== undefined && o.status === 'open' && isChild(o)) {
        s.triggers.addWorking(o);
        queued.add(id);
      }
    }
  }
  for (const o of live) {
    const s = ctx.syms.get(o.symbol);
    if (s === undefined || queued.has(o.id)) continue;
    // A working TP/SL child is 'open' but never on the book.
    if (o.status === 'open' && !isChild(o)) (o.side === 'buy' ? s.bids : s.asks).insert(o);
    else if (o.status === 'untriggered') s.triggers.add(o);
  }
  for (const m of image.markets) {
    const s = ctx.syms.get(m.symbol);
    if (s === undefined) continue;
    for (const id of m.makerOrderIds) {
      const o = byId.get(id);
      if (o !== undefined) s.makerOrders.push(o);
    }
  }
  for (const a of adopt) adoptWalletLedgers(ctx, a);
  return ctx;
}

/** A TP/SL child (never on the book, even while 'open'). */
function isChild(o: OrderRec): boolean {
  return o.source === 'tp' || o.source === 'sl';
}
