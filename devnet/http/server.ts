import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpError } from './errors';

export interface DevnetRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The exact body string received (what a body signature covers). */
  body: string;
  ip: string;
  /** The request id echoed in the envelope: the signed `x-request-id` when there is one. */
  requestId: string;
}

export type Reply =
  | { kind: 'json'; status?: number; body: unknown }
  /** JSON already rendered (a shared depth snapshot): sent as it is, as application/json. */
  | { kind: 'json-text'; status?: number; body: string }
  | { kind: 'text'; status?: number; body: string };

export type Handler = (req: DevnetRequest) => Reply | Promise<Reply>;

export const json = (body: unknown, status = 200): Reply => ({ kind: 'json', status, body });
export const text = (body: string, status = 200): Reply => ({ kind: 'text', status, body });
export const jsonText = (body: string, status = 200): Reply => ({ kind: 'json-text', status, body });
export const ok = (req: DevnetRequest): Reply => json({ code: 0, message: 'success', request_id: req.requestId });

/** Bodies above this are refused with 413 before they are read in full. */
export const MAX_BODY_BYTES = 64 * 1024;

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers':
    'authorization, content-type, x-request-sign-version, x-request-id, x-request-timestamp, x-request-signature, x-session-id, x-impersonate',
  'access-control-max-age': '600',
};

export class Router {
  private readonly routes = new Map<string, Handler>();

  get(path: string, handler: Handler): this {
    this.routes.set(`GET ${path}`, handler);
    return this;
  }

  post(path: string, handler: Handler): this {
    this.routes.set(`POST ${path}`, handler);
    return this;
  }

  /** Adds another router's routes (devnet-only routes share the trading host). */
  include(other: Router): this {
    for (const [k, h] of other.routes) this.routes.set(k, h);
    return this;
  }

  match(method: string, path: string): Handler | undefined | 'method' {
    const h = this.routes.get(`${method} ${path}`);
    if (h) return h;
    for (const key of this.routes.keys()) if (key.endsWith(` ${path}`)) return 'method';
    return undefined;
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, `request body larger than ${MAX_BODY_BYTES} bytes`));
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, reply: Reply) {
  if (res.headersSent) return;
  const status = reply.status ?? 200;
  const text = reply.kind === 'text';
  const body = reply.kind === 'json' ? JSON.stringify(reply.body) : reply.body;
  // A known length: writeHead without one makes node frame every reply as chunked.
  res
    .writeHead(status, {
      ...CORS_HEADERS,
      'content-type': text ? 'text/plain; charset=utf-8' : 'application/json',
      'content-length': Buffer.byteLength(body),
    })
    .end(body);
}

/**
 * The request target as a URL. Origin-form (`/path?query`) is taken as a path even when it starts
 * with `//`, which `new URL(target, base)` would read as a host (and throw on `//[`); absolute-form
 * is parsed as is; anything unreadable is the client's error, a 400, not a 500.
 */
function requestTarget(target: string): URL {
  try {
    return target.startsWith('/') ? new URL(`http://devnet${target}`) : new URL(target);
  } catch {
    throw new HttpError(400, `cannot parse the request target ${JSON.stringify(target.slice(0, 100))}`);
  }
}

function errorReply(status: number, message: string, requestId: string): Reply {
  return json({ code: status, message, request_id: requestId }, status);
}

/** An HTTP service on its own port: CORS like a public API, exact bodies, never a 5xx for bad input. */
export async function startHttpService(opts: {
  name: string;
  host: string;
  port: number;
  router: Router;
  before?: (req: DevnetRequest) => void;
  onError?: (e: unknown, req: DevnetRequest) => void;
}): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  const server = createServer(async (req, res) => {
    const started: DevnetRequest = {
      method: req.method ?? 'GET',
      path: '/',
      query: new URLSearchParams(),
      headers: req.headers,
      body: '',
      ip: req.socket.remoteAddress ?? '',
      requestId: randomUUID(),
    };
    try {
      const url = requestTarget(req.url ?? '/');
      started.path = url.pathname;
      started.query = url.searchParams;
      const signedId = req.headers['x-request-id'];
      if (typeof signedId === 'string' && signedId.length > 0 && signedId.length <= 128) started.requestId = signedId;
      if (started.method === 'OPTIONS') {
        res.writeHead(204, CORS_HEADERS).end();
        return;
      }
      const handler = opts.router.match(started.method, started.path);
      if (handler === undefined) throw new HttpError(404, `no such endpoint: ${started.method} ${started.path}`);
      if (handler === 'method') throw new HttpError(405 as number, `method ${started.method} not allowed on ${started.path}`);
      if (started.method === 'POST') started.body = await readBody(req);
      opts.before?.(started);
      send(res, await handler(started));
    } catch (e) {
      if (e instanceof HttpError) {
        send(res, e.plainText ? text(e.message, e.status) : errorReply(e.status, e.message, started.requestId));
      } else {
        opts.onError?.(e, started);
        send(res, errorReply(500, 'internal error', started.requestId));
      }
    }
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    url: `http://${opts.host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
