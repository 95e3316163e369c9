import type { RawData } from 'ws';
import { cancelOrderBody, newOrderBody, orderStreamRequest } from '../../src/api/schemas';
import type { TokenClaims } from '../auth/access-token';
import type { BodySignatureVerifier } from '../auth/body-signature';
import type { RateLimiter } from '../auth/rate-limit';
import { HttpError, tooManyRequests, unauthorized } from '../http/errors';
import { parseValue } from '../http/parse';
import type { Ledger } from '../persistence/ledger';
import { TOKEN_EXPIRED } from './market-stream-server';
import type { OrderOutcomes, OutcomeSink } from './order-outcomes';
import type { GuardedSocket } from './stream-guard';

export interface OrderStreamDeps {
  ledger: Ledger;
  outcomes: OrderOutcomes;
  signatures: BodySignatureVerifier;
  verifyToken: (token: string) => Promise<TokenClaims>;
  resolveImpersonation: (owner: string, vault: string | undefined) => string;
  /** The account budget HTTP requests also draw on. */
  limiter: RateLimiter;
  /** The devnet clock (ms), for token expiry. */
  now: () => number;
}

interface Session extends OutcomeSink {
  sessionId: string;
  claims: TokenClaims;
  /** The `auth:login` request id: the expiry notice is sent under it, as a failed login. */
  loginRequestId: string;
  expired: boolean;
}

interface Connection {
  socket: GuardedSocket;
  session: Session | null;
}

/** Requests waiting on one socket (signature checks run one after another): more is a flood. */
const MAX_QUEUED = 256;

/**
 * The order response stream `/ws-api/v1` (decisions.md): `auth:login` binds a session id to the
 * socket; `order:new` / `order:cancel` are signed like HTTP bodies (the params string is the body).
 *
 * Costs (issue #13): `auth:login`, `order:new` and `order:cancel` are each charged one request
 * (45 credits) to the token's account bucket, the one HTTP requests draw on; over budget the reply is
 * `{"code":429,"message":…,"request_id":…}` and the command is not executed. When the token expires
 * the session stops: a 401 under the login's request id (the client sees a failed login), no more
 * outcomes routed to it, and 401 to every further command until a new `auth:login`.
 */
export class OrderStreamServer {
  private readonly connections = new Set<Connection>();

  constructor(private readonly deps: OrderStreamDeps) {}

  attach(socket: GuardedSocket): void {
    const conn: Connection = { socket, session: null };
    this.connections.add(conn);
    const send = (m: unknown) => socket.send(m);
    // One message at a time, in arrival order: signature checks finish on the threadpool in any
    // order, and an order:cancel must not overtake the order:new sent before it on this socket.
    let queue: Promise<void> = Promise.resolve();
    let queued = 0;
    const refuse = (reason: string) => {
      send({ code: 429, message: reason, request_id: '' });
      socket.close(1008, 'too many messages');
    };
    socket.ws.on('message', (data) => {
      const over = socket.admit();
      if (over !== null) {
        if (over) refuse(over);
        return;
      }
      if (queued >= MAX_QUEUED) {
        refuse(`too many requests in flight: more than ${MAX_QUEUED} on one socket`);
        return;
      }
      queued++;
      queue = queue
        .then(() => (socket.open ? handle(data) : undefined))
        .catch(() => undefined)
        .finally(() => queued--);
    });
    const handle = async (data: RawData): Promise<void> => {
      let requestId = '';
      try {
        let raw: unknown;
        try {
          raw = JSON.parse(data.toString());
        } catch {
          throw new HttpError(400, 'message is not JSON');
        }
        requestId = typeof (raw as { request_id?: unknown })?.request_id === 'string' ? (raw as { request_id: string }).request_id : '';
        const req = parseValue(raw, orderStreamRequest, 'request');
        if (req.method === 'auth:login') {
          let params: { token?: unknown; impersonate?: unknown };
          try {
            params = JSON.parse(req.params) as typeof params;
          } catch {
            throw new HttpError(400, 'params is not a JSON string');
          }
          if (typeof params?.token !== 'string') throw new HttpError(400, 'auth:login params need a token');
          const claims = await this.deps.verifyToken(params.token);
          const limited = this.deps.limiter.accountProblem(claims.account);
          if (limited) throw tooManyRequests(limited);
          const account = this.deps.resolveImpersonation(claims.account, typeof params.impersonate === 'string' ? params.impersonate : undefined);
          // A session id held by another account's socket is not up for grabs: taking it would
          // silence that account's order outcomes. The same account may take it over (reconnects).
          const holder = this.deps.outcomes.sessionHolder(req.session_id) as Session | undefined;
          if (holder && holder !== conn.session && holder.claims.account !== claims.account) {
            throw new HttpError(403, 'session_id is in use by another account: pick a fresh one');
          }
          if (conn.session) this.deps.outcomes.dropSession(conn.session.sessionId, conn.session);
          const session: Session = { sessionId: req.session_id, claims, account, send, loginRequestId: req.request_id, expired: false };
          // Outcomes of HTTP orders routed here stop with the token, even before the expiry sweep.
          session.send = (m) => {
            if (this.expired(session)) this.expire(conn);
            else send(m);
          };
          conn.session = session;
          this.deps.outcomes.registerSession(req.session_id, session);
          send({ code: 0, message: 'success', request_id: req.request_id });
          return;
        }
        const session = conn.session;
        if (!session || session.sessionId !== req.session_id) throw new HttpError(401, 'log in on this socket first (auth:login with this session_id)');
        if (this.expired(session)) {
          this.expire(conn);
          throw unauthorized(TOKEN_EXPIRED);
        }
        if (!req.header) throw new HttpError(401, 'order requests need the signature header');
        await this.deps.signatures.verify({ ...req.header, 'x-request-sign-version': 'v1' }, req.params, session.claims.sessionKey);
        const limited = this.deps.limiter.accountProblem(session.claims.account);
        if (limited) throw tooManyRequests(limited);
        let body: unknown;
        try {
          body = JSON.parse(req.params);
        } catch {
          throw new HttpError(400, 'params is not a JSON string');
        }
        if (req.method === 'order:new') {
          // Lenient like HTTP bodies (decisions.md "Errors" → Leniency): unknown keys are ignored.
          const params = parseValue(body, newOrderBody, 'params', { lenient: true });
          const r = this.deps.ledger.run({ op: 'newOrder', user: session.account, params });
          if (!r.ok) throw new HttpError(r.code, r.message);
          this.deps.outcomes.routeOrder((r.value as { orderId: number }).orderId, req.request_id, req.session_id, session.account);
        } else {
          const params = parseValue(body, cancelOrderBody, 'params', { lenient: true });
          const r = this.deps.ledger.run({ op: 'cancelOrder', user: session.account, params });
          if (!r.ok) throw new HttpError(r.code, r.message);
          this.deps.outcomes.reportCancel(req.request_id, req.session_id, session.account);
        }
      } catch (e) {
        const code = e instanceof HttpError ? e.status : 500;
        send({ code, message: e instanceof Error ? e.message : 'error', request_id: requestId });
      }
    };
    socket.ws.on('close', () => {
      this.connections.delete(conn);
      if (conn.session) this.deps.outcomes.dropSession(conn.session.sessionId, conn.session);
    });
    socket.ws.on('error', () => socket.ws.terminate());
  }

  private expired(session: Session): boolean {
    return session.expired || session.claims.exp <= Math.floor(this.deps.now() / 1000);
  }

  /** The token ran out: outcomes stop, and the client hears a failed login under its login request id. */
  private expire(conn: Connection) {
    const session = conn.session;
    if (!session || session.expired) return;
    session.expired = true;
    this.deps.outcomes.dropSession(session.sessionId, session);
    conn.socket.send({ code: 401, message: TOKEN_EXPIRED, request_id: session.loginRequestId });
  }

  /** Ends sessions whose token has expired (called periodically). */
  expireTokens(): void {
    for (const c of this.connections) if (c.session && this.expired(c.session)) this.expire(c);
  }

  close(): void {
    for (const c of this.connections) c.socket.ws.terminate();
    this.connections.clear();
  }
}
