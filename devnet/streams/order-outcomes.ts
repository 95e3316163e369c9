/** Where an order stream reply goes: a logged-in session's socket. */
export interface OutcomeSink {
  account: string;
  send(message: unknown): void;
}

/** Outcomes kept while they wait for a route. */
export const EARLY_KEPT = 10_000;

interface Route {
  requestId: string;
  sessionId: string | undefined;
  account: string;
}

/**
 * Routes matching outcomes to the order response stream (spec §6, decisions.md): an order placed with
 * `x-session-id` (or over the socket) gets `accepted`, then `success` or its rejection, keyed by the
 * request id. The engine reports the outcome while the order is placed, before the route is known,
 * so an early outcome waits here for its route.
 */
export class OrderOutcomes {
  private readonly sessions = new Map<string, OutcomeSink>();
  private readonly routes = new Map<number, Route>();
  /**
   * Outcomes reported before their route, by order id → their slot in a ring of the newest
   * EARLY_KEPT. Most are never routed (a cancel's results, orders placed with no session), so once
   * the ring is full every outcome drops the oldest: looked up by slot, since taking a Map's oldest
   * key walks past every entry deleted before it (~6.6 µs per outcome with 10k kept, slower than
   * matching the order).
   */
  private readonly early = new Map<number, number>();
  private readonly earlyIds: number[] = [];
  private readonly earlyCodes: number[] = [];
  private readonly earlyMessages: string[] = [];
  private earlyNext = 0;

  registerSession(sessionId: string, sink: OutcomeSink): void {
    this.sessions.set(sessionId, sink);
  }

  /** The sink a session id is bound to now, if any. */
  sessionHolder(sessionId: string): OutcomeSink | undefined {
    return this.sessions.get(sessionId);
  }

  dropSession(sessionId: string, sink: OutcomeSink): void {
    if (this.sessions.get(sessionId) === sink) this.sessions.delete(sessionId);
  }

  private sinkFor(sessionId: string | undefined, account: string): OutcomeSink | undefined {
    if (!sessionId) return undefined;
    const sink = this.sessions.get(sessionId);
    // A session only hears about its own account's requests.
    return sink && sink.account === account ? sink : undefined;
  }

  private deliver(route: Route, result: { code: number; message: string }) {
    const sink = this.sinkFor(route.sessionId, route.account);
    if (sink) setImmediate(() => sink.send({ code: result.code, message: result.message, request_id: route.requestId }));
  }

  /** After new_order was accepted: `accepted` now, the outcome when matching reports it. */
  routeOrder(orderId: number, requestId: string, sessionId: string | undefined, account: string): void {
    const route = { requestId, sessionId, account };
    const sink = this.sinkFor(sessionId, account);
    if (sink) setImmediate(() => sink.send({ code: 0, status: 'accepted', request_id: requestId }));
    const slot = this.early.get(orderId);
    if (slot !== undefined) {
      this.early.delete(orderId);
      this.deliver(route, { code: this.earlyCodes[slot]!, message: this.earlyMessages[slot]! });
    } else {
      this.routes.set(orderId, route);
    }
  }

  /** The engine's final matching outcome of an order. */
  orderResult(orderId: number, code: number, message: string): void {
    const route = this.routes.get(orderId);
    if (route) {
      this.routes.delete(orderId);
      this.deliver(route, { code, message });
      return;
    }
    const slot = this.earlyNext;
    this.earlyNext = slot + 1 === EARLY_KEPT ? 0 : slot + 1;
    // The slot's previous outcome is dropped unless its id was reported again since (a newer slot).
    const dropped = this.earlyIds[slot];
    if (dropped !== undefined && this.early.get(dropped) === slot) this.early.delete(dropped);
    this.earlyIds[slot] = orderId;
    this.earlyCodes[slot] = code;
    this.earlyMessages[slot] = message;
    this.early.set(orderId, slot);
  }

  /** A cancel request that was accepted: the engine cancels synchronously, so it succeeded. */
  reportCancel(requestId: string, sessionId: string | undefined, account: string): void {
    const sink = this.sinkFor(sessionId, account);
    if (!sink) return;
    setImmediate(() => {
      sink.send({ code: 0, status: 'accepted', request_id: requestId });
      sink.send({ code: 0, message: 'success', request_id: requestId });
    });
  }
}
