// Drives the TWAPs of the signed-in account while this tab is open: every quarter second each
// running TWAP is ticked, a due slice is sized (twap-plan.ts), priced at the slippage cap from a
// fresh mark, recorded as sent in the store, then sent (twap-slice.ts) and its fill recorded. A
// slice is recorded before it leaves, so a pause or cancel that comes first stops it, and a reload
// while it is out finds it and reads it back. One slice per TWAP in flight at a time.
import { plural, t } from '@lingui/core/macro';
import { useEffect } from 'react';
import type { ApiClient } from '../api/client';
import { useApi, useOrderStream } from '../api/react';
import type { NewOrderBody } from '../api/schemas';
import type { OrderStream } from '../api/stream/order-stream';
import { dec, toWire } from '../lib/decimal';
import { show } from '../lib/display';
import { reduceOnlyHeadroom, reducingSide } from '../lib/reduce-only';
import { slicePrice } from '../lib/twap-plan';
import { isActive, progressOf, type Twap } from '../lib/twap-record';
import { toast } from '../stores/toasts';
import { isAhead, readStoredTwap, useTwapStore } from '../stores/twap-store';
import { actingAccount, useSessionStore } from '../wallet/session-store';
import { newClientOrderId } from './order-commands';
import { isDue, next, planNext, type SliceOutcome, type TwapEvent } from './twap-machine';
import { readSlice, sendSlice } from './twap-slice';

const TICK_MS = 250;
/** After a failed read of the mark or the position, the next try waits this long. */
const RETRY_MS = 2_000;

/** TWAPs with a step under way in this tab (a slice being sized, sent or read back). */
const working = new Set<string>();
/** Slices being read back, or read back with no answer already this page (a resume asks again). */
const readingBack = new Set<string>();
const retryAt = new Map<string, number>();
/** TWAPs whose lock this tab holds (or is asking for), and how to let each go. */
const held = new Map<string, () => void>();
const claiming = new Set<string>();

/**
 * This tab's copy of a TWAP caught up with storage: another tab of this browser may have run it
 * further (sent slices this copy does not know). The stored record is taken when it is ahead (its
 * slices, told they were reloaded: one in flight there is read back here); unless it is over there,
 * it stays paused, interrupted or running as it is here, and never due sooner than here.
 */
function catchUp(tw: Pick<Twap, 'account' | 'id'>): Twap | undefined {
  const stored = readStoredTwap(tw.account, tw.id);
  return useTwapStore.getState().update(tw.account, tw.id, (mine) => {
    if (!stored || !isAhead(stored, mine)) return mine;
    const theirs = next(stored, { type: 'reloaded' });
    return isActive(theirs) ? { ...theirs, status: mine.status, note: mine.note, nextAt: Math.max(mine.nextAt, theirs.nextAt) } : theirs;
  });
}

/**
 * Only one tab of this browser may run a TWAP: this tab takes its Web Lock before the first slice
 * and keeps it while the TWAP is running or paused here (the lock goes with the tab when it closes).
 * When another tab holds it, this copy pauses and says so. A tab that takes over a TWAP another tab
 * ran first catches up with its newest record from storage (writes merge there, never clobber it),
 * so slices that tab sent count here too. Returns true when this tab may send for it now.
 */
function claim(tw: Twap): boolean {
  if (held.has(tw.id)) return true;
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) {
    held.set(tw.id, () => {});
    // Caught up first: this look goes on with the copy it was given, the next one with the caught-up copy.
    return catchUp(tw) === tw;
  }
  if (claiming.has(tw.id)) return false;
  claiming.add(tw.id);
  void locks.request(`perps.twap.${tw.id}`, { ifAvailable: true }, async (lock) => {
    claiming.delete(tw.id);
    if (!lock) {
      apply(tw, { type: 'other-tab' });
      return;
    }
    catchUp(tw);
    await new Promise<void>((release) => held.set(tw.id, release));
  });
  return false;
}

/** A TWAP that is over lets its lock go. */
function letGo(tw: Twap) {
  const release = held.get(tw.id);
  if (!release) return;
  held.delete(tw.id);
  release();
}

const apply = (tw: Pick<Twap, 'account' | 'id'>, e: TwapEvent) => useTwapStore.getState().update(tw.account, tw.id, (s) => next(s, e));

/** The trader's own hand: pause, resume (a slice read back with no answer is asked about again), cancel. */
export function twapCommand(tw: Pick<Twap, 'account' | 'id' | 'slices'>, type: 'pause' | 'resume' | 'cancel') {
  if (type === 'resume') {
    // Another tab may have run it further since this copy was read: its slices count before it goes on.
    const now = catchUp(tw) ?? tw;
    for (const s of now.slices) readingBack.delete(s.clOrdId);
  }
  apply(tw, type === 'resume' ? { type, now: Date.now() } : { type });
}

function say(tw: Twap) {
  const p = progressOf(tw);
  const filled = show(p.filled, tw.qtyDecimals);
  const total = show(tw.total, tw.qtyDecimals);
  const symbol = tw.symbol;
  return tw.side === 'buy' ? t`TWAP buy ${filled} of ${total} ${symbol}` : t`TWAP sell ${filled} of ${total} ${symbol}`;
}

/** Records a slice's outcome and tells the trader when it paused or finished the TWAP. */
function record(tw: Twap, clOrdId: string, outcome: SliceOutcome) {
  const after = apply(tw, { type: 'slice-outcome', clOrdId, outcome });
  if (!after) return;
  if (after.status === 'paused' && tw.status !== 'paused' && outcome.kind !== 'filled') {
    const title = outcome.kind === 'refused' ? t`TWAP paused: a slice was refused` : t`TWAP paused: a slice's outcome is unknown`;
    toast({ kind: outcome.kind === 'refused' ? 'error' : 'warn', key: `twap-${tw.id}`, rank: 1, title, body: `${say(after)} · ${outcome.message}` });
  }
}

/** Reduce-only: what the position lets reduce now (read fresh), 0 when it is gone or on the other side. */
async function headroomNow(api: ApiClient, tw: Twap) {
  const [positions, open] = await Promise.all([api.user.queryPositions(tw.symbol), api.user.queryOpenOrders({ symbol: tw.symbol })]);
  const position = positions.find((p) => p.symbol === tw.symbol && !dec(p.qty).isZero());
  const positionQty = position ? dec(position.qty) : dec(0);
  if (reducingSide(positionQty) !== tw.side) return dec(0);
  return reduceOnlyHeadroom({ symbol: tw.symbol, positionQty, orders: open.result });
}

/** One due slice of `tw`: sized, priced, recorded as sent, sent, its outcome recorded. */
async function sendNext(api: ApiClient, orderStream: OrderStream | null, tw: Twap, at: number) {
  const started = Date.now();
  let headroom;
  let mark;
  try {
    headroom = tw.reduceOnly ? await headroomNow(api, tw) : undefined;
    mark = dec((await api.market.symbolPrice(tw.symbol)).mark_price);
  } catch {
    retryAt.set(tw.id, at + RETRY_MS);
    return;
  }
  // The time the reads took counts: the slice leaves now, and the next is an interval after it.
  const now = at + (Date.now() - started);
  const current = useTwapStore.getState().byAccount[tw.account]?.find((x) => x.id === tw.id);
  if (!current || !isDue(current, now)) return;
  const plan = planNext(current, headroom);
  if (plan.kind === 'finished') return finished(apply(current, { type: 'finish', why: plan.why }));
  if (plan.kind === 'skip') return void apply(current, { type: 'slice-skipped', now });
  const price = slicePrice(mark, current.side, dec(current.slippage), { priceDecimals: current.priceDecimals, capRatio: current.capRatio, floorRatio: current.floorRatio });
  const clOrdId = newClientOrderId();
  const body: NewOrderBody = {
    symbol: current.symbol,
    side: current.side,
    order_type: 'limit',
    qty: toWire(plan.qty),
    price: toWire(price),
    time_in_force: 'ioc',
    reduce_only: current.reduceOnly,
    cl_ord_id: clOrdId,
  };
  const sent = apply(current, { type: 'slice-sent', now, clOrdId, qty: body.qty, price: body.price! });
  // Paused or canceled in the meantime: the machine did not take it, nothing goes out.
  if (!sent?.slices.some((s) => s.clOrdId === clOrdId)) return;
  record(sent, clOrdId, await sendSlice(api, orderStream, body));
}

function finished(tw: Twap | undefined) {
  if (!tw || tw.status !== 'done') return;
  const p = progressOf(tw);
  const avg = p.avgPrice ? show(p.avgPrice, tw.priceDecimals) : '—';
  const left = show(p.left, tw.qtyDecimals);
  const body =
    tw.note?.code === 'no-position'
      ? t`Stopped: reduce-only and no position left to reduce.`
      : p.left.gt(0)
        ? t`Average price ${avg}. ${left} not filled within the slippage cap.`
        : t`Average price ${avg}.`;
  const what = say(tw);
  toast({ kind: p.left.gt(0) ? 'info' : 'success', key: `twap-${tw.id}`, rank: 1, title: t`TWAP done: ${what}`, body });
}

/** A slice whose outcome is unknown (in flight at a reload, or no answer): read back once this page. */
function readBack(api: ApiClient, tw: Twap) {
  for (const s of tw.slices) {
    if (s.status !== 'unknown' || readingBack.has(s.clOrdId)) continue;
    readingBack.add(s.clOrdId);
    void readSlice(api, s.clOrdId, undefined, s.accepted === true).then((o) => {
      if (o.kind !== 'unknown') apply(tw, { type: 'slice-outcome', clOrdId: s.clOrdId, outcome: o });
    });
  }
}

/**
 * One look at one TWAP: reads back what is unknown, lets its lock go once it is over, ticks it, and
 * when a slice is due starts sending it. Returns that slice's whole round (tests await it).
 */
export function stepTwap(api: ApiClient, orderStream: OrderStream | null, tw: Twap, now: number): Promise<void> | undefined {
  readBack(api, tw);
  if (!isActive(tw) && !working.has(tw.id)) letGo(tw);
  if (tw.status !== 'running' || working.has(tw.id) || (retryAt.get(tw.id) ?? 0) > now || !claim(tw)) return;
  const ticked = apply(tw, { type: 'tick', now });
  if (ticked && ticked !== tw) return void finished(ticked);
  if (!isDue(tw, now)) return;
  working.add(tw.id);
  return sendNext(api, orderStream, tw, now).finally(() => working.delete(tw.id));
}

/** The client and order stream the loop sends with: the app's own, handed over by the hook. */
const wiring: { api: ApiClient | null; orderStream: OrderStream | null } = { api: null, orderStream: null };
let loop: ReturnType<typeof setInterval> | null = null;

function startLoop() {
  if (loop) return;
  loop = setInterval(() => {
    const account = actingAccount(useSessionStore.getState());
    const api = wiring.api;
    if (!account || !api) return;
    const now = Date.now();
    for (const tw of useTwapStore.getState().byAccount[account] ?? []) void stepTwap(api, wiring.orderStream, tw, now);
  }, TICK_MS);
}

/**
 * Starts the loop that runs the acting account's TWAPs for as long as this tab lives: once the trade
 * page has mounted it, leaving for the Wallets page does not stop it (only closing or reloading the
 * tab does, which is what the panel says). The TWAPs read from storage at load are first told they
 * were reloaded: a running one waits for the trader to say resume or cancel.
 */
export function useTwapRunner() {
  const api = useApi();
  const orderStream = useOrderStream();
  useEffect(() => {
    wiring.api = api;
    wiring.orderStream = orderStream;
    startLoop();
  }, [api, orderStream]);
  useEffect(() => {
    const store = useTwapStore.getState();
    const restored = new Set(store.takeRestored());
    let stopped = 0;
    for (const list of Object.values(store.byAccount)) {
      for (const tw of list) if (restored.has(tw.id) && apply(tw, { type: 'reloaded' })?.status === 'interrupted' && tw.status === 'running') stopped++;
    }
    // Said where every layout shows it (on a phone the TWAP panel is inside the order sheet); it stays until read.
    if (stopped > 0) {
      const title = t`${plural(stopped, { one: 'A TWAP stopped when the page reloaded', other: '# TWAPs stopped when the page reloaded' })}`;
      toast({ kind: 'warn', key: 'twap-reloaded', rank: 1, title, body: t`Nothing more is sent until you resume it under the order form, or cancel it.` }, 0);
    }
  }, []);
}
