// Event delivery. Order/trade events are queued at the moment they happen;
// position/balance/depth changes are coalesced per command. The queue is
// delivered after the command has finished, so listeners always observe a
// consistent engine and may safely call back into it (re-entrant calls just
// append to the queue being drained). A throwing listener is isolated.
import { newWatchEpoch, push } from './state.js';
import type { Ctx, DirtyList } from './state.js';
import type { EngineEvent, ExchangeEvent } from './types.js';
import { renderFundingRate, renderOrder, renderPosition, renderPublicTrade, renderTrade } from './views.js';
import { settleWallets, walletRecord } from './wallets.js';

/** The queued record as listeners see it: wire JSON, rendered once for all of them. */
function toWire(ctx: Ctx, e: EngineEvent): ExchangeEvent {
  switch (e.type) {
    case 'order':
      return { type: 'order', user: e.user, order: renderOrder(ctx, e.order) };
    case 'trade':
      return { type: 'trade', user: e.user, trade: renderTrade(ctx, e.trade) };
    case 'public_trade':
      return { type: 'public_trade', symbol: e.symbol, trade: renderPublicTrade(ctx, e.symbol, e.trade) };
    case 'funding':
      return { type: 'funding', symbol: e.symbol, record: renderFundingRate(ctx, e.record) };
    default:
      return e;
  }
}

/** One depth event per symbol, shared: listeners only read it, and a command marks several. */
const depthEvents = new Map<string, EngineEvent>();

function depthEvent(symbol: string): EngineEvent {
  let e = depthEvents.get(symbol);
  if (e === undefined) {
    e = Object.freeze({ type: 'depth', symbol }) as EngineEvent;
    depthEvents.set(symbol, e);
  }
  return e;
}

export function deliver(ctx: Ctx): void {
  // Wallet versions count every change, listened to or not; only changed wallets someone watches are pushed.
  const wallets = settleWallets(ctx);
  if (ctx.listeners.length === 0) {
    // markPosition/markDepth record only while someone listens and the wallets were settled above,
    // so only the queue can hold leftovers.
    if (ctx.queue.n > 0) dropDelivered(ctx.queue, ctx.queue.n);
    return;
  }
  // Everything from here may be followed by code outside the engine (listeners, the caller's next
  // command): answers of the watch filter remembered so far are not trusted past it (state.ts watchedAccount).
  newWatchEpoch(ctx);
  // The size checks skip the iterators of empty collections: most commands change no watched position.
  if (ctx.dirtyPos.size > 0) {
    for (const [acct, m] of ctx.dirtyPos) {
      for (const pos of m.values()) push(ctx, { type: 'position', user: acct.id, position: renderPosition(ctx, acct, pos) });
    }
    ctx.dirtyPos.clear();
  }
  for (let i = 0; i < wallets.length; i++) {
    const [acct, type] = wallets[i]!;
    push(ctx, { type: 'balance', user: acct.id, wallet: walletRecord(ctx, acct.id, type) });
  }
  const depth = ctx.dirtyDepth;
  for (let i = 0; i < depth.n; i++) {
    const s = depth.items[i]!;
    s.depthMarked = false;
    push(ctx, s.depthEvent ?? (s.depthEvent = depthEvent(s.spec.symbol)));
  }
  depth.n = 0;
  if (ctx.delivering) return;
  ctx.delivering = true;
  // One list, read in order while listeners (re-entering the engine) append to it: what they cause is
  // delivered after everything queued before, and the list keeps its storage for the next command.
  const q = ctx.queue;
  let done = 0;
  try {
    while (done < q.n) {
      const e = toWire(ctx, q.items[done++]!);
      // ctx.listeners is replaced, never mutated (Exchange.on): a listener added or removed by
      // another one takes effect from the next event, as with a copy per event, without the copy.
      const ls = ctx.listeners;
      for (let i = 0; i < ls.length; i++) {
        newWatchEpoch(ctx);
        try {
          ls[i]!(e);
        } catch {
          // A faulty listener must not break matching or starve other listeners.
        }
      }
    }
  } finally {
    dropDelivered(q, done);
    ctx.delivering = false;
    newWatchEpoch(ctx);
  }
}

/**
 * Removes the first `done` events (all of them once delivery ends), keeping the list's storage; the
 * slots left behind let go of their events.
 */
function dropDelivered(q: DirtyList<EngineEvent | undefined>, done: number): void {
  const n = q.n;
  const rest = n - done;
  for (let i = 0; i < rest; i++) q.items[i] = q.items[i + done];
  for (let i = rest; i < n; i++) q.items[i] = undefined;
  q.n = rest;
}
