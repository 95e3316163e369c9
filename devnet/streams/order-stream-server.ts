import type { RawData, WebSocket } from 'ws';
import { cancelOrderBody, newOrderBody, orderStreamRequest } from '../../src/api/schemas';
import type { TokenClaims } from '../auth/access-token';
import type { BodySignatureVerifier } from '../auth/body-signature';
import { HttpError } from '../http/errors';
import { parseValue } from '../http/parse';
import type { Ledger } from '../persistence/ledger';
import type { OrderOutcomes, OutcomeSink } from './order-outcomes';

export interface OrderStreamDeps {
  ledger: Ledger;
  outcomes: OrderOutcomes;
  signatures: BodySignatureVerifier;
  verifyToken: (token: string) => Promise<TokenClaims>;
  resolveImpersonation: (owner: string, vault: string | undefined) => string;
}

interface Session extends OutcomeSink {
  sessionId: string;
  claims: TokenClaims;
}

/**
 * The order response stream `/ws-api/v1` (decisions.md): `auth:login` binds a session id to the
 * socket; `order:new` / `order:cancel` are signed like HTTP bodies (the params string is the body).
 */
export class OrderStreamServer {
  private readonly sockets = new Set<WebSocket>();

  constructor(private readonly deps: OrderStreamDeps) {}

  attach(socket: WebSocket): void {
    this.sockets.add(socket);
    let session: Session | null = null;
    const send = (m: unknown) => socket.readyState === 1 && socket.send(JSON.stringify(m));
    // One message at a time, in arrival order: signature checks finish on the threadpool in any
    // order, and an order:cancel must not overtake the order:new sent before it on this socket.
    let queue: Promise<void> = Promise.resolve();
    socket.on('message', (data) => {
      queue = queue.then(() => handle(data)).catch(() => undefined);
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
          const account = this.deps.resolveImpersonation(claims.account, typeof params.impersonate === 'string' ? params.impersonate : undefined);
          // A session id held by another account's socket is not up for grabs: taking it would
          // silence that account's order outcomes. The same account may take it over (reconnects).
          const holder = this.deps.outcomes.sessionHolder(req.session_id) as Session | undefined;
          if (holder && holder !== session && holder.claims.account !== claims.account) {
            throw new HttpError(403, 'session_id is in use by another account: pick a fresh one');
          }
          if (session) this.deps.outcomes.dropSession(session.sessionId, session);
          session = { sessionId: req.session_id, claims, account, send };
          this.deps.outcomes.registerSession(req.session_id, session);
          send({ code: 0, message: 'success', request_id: req.request_id });
          return;
        }
        if (!session || session.sessionId !== req.session_id) throw new HttpError(401, 'log in on this socket first (auth:login with this session_id)');
        if (!req.header) throw new HttpError(401, 'order requests need the signature header');
        await this.deps.signatures.verify({ ...req.header, 'x-request-sign-version': 'v1' }, req.params, session.claims.sessionKey);
        let body: unknown;
        try {
          body = JSON.parse(req.params);
        } catch {
          throw new HttpError(400, 'params is not a JSON string');
        }
        if (req.method === 'order:new') {
          const params = parseValue(body, newOrderBody, 'params');
          const r = this.deps.ledger.run({ op: 'newOrder', user: session.account, params });
          if (!r.ok) throw new HttpError(r.code, r.message);
          this.deps.outcomes.routeOrder((r.value as { orderId: number }).orderId, req.request_id, req.session_id, session.account);
        } else {
          const params = parseValue(body, cancelOrderBody, 'params');
          const r = this.deps.ledger.run({ op: 'cancelOrder', user: session.account, params });
          if (!r.ok) throw new HttpError(r.code, r.message);
          this.deps.outcomes.reportCancel(req.request_id, req.session_id, session.account);
        }
      } catch (e) {
        const code = e instanceof HttpError ? e.status : 500;
        send({ code, message: e instanceof Error ? e.message : 'error', request_id: requestId });
      }
    };
    socket.on('close', () => {
      this.sockets.delete(socket);
      if (session) this.deps.outcomes.dropSession(session.sessionId, session);
    });
    socket.on('error', () => socket.terminate());
  }

  ping(): void {
    for (const s of this.sockets) if (s.readyState === 1) s.ping();
  }

  close(): void {
    for (const s of this.sockets) s.terminate();
    this.sockets.clear();
  }
}
