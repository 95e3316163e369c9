/**
 * The stream relay: every e2e page's two stream sockets (`/ws-stream/v1`, `/ws-api/v1`) go through
 * it to the devnet, because a socket opened in a Web Worker is out of Playwright's reach
 * (`page.routeWebSocket` sees only the page's own; microsoft/playwright#37048). A test that wants to
 * cut or hang a stream, withhold a channel or point the streams at a devnet of its own tags its browser
 * context with the `e2e-relay` cookie (relay-control.ts), which the handshake of every socket of that
 * context carries, the worker's included; then it tells the relay what to do with that tag's sockets
 * over HTTP (`POST /relay/<tag>`). Untagged sockets, and tagged ones with nothing asked, pass through
 * untouched, so every other test sharing the run's devnet sees the devnet itself.
 *
 * Transparent on purpose: the upstream handshake happens first and the page's completes only once it
 * succeeded (a refused or unreachable exchange is a failed handshake, as without the relay); frames
 * keep their kind (text / binary); pings and pongs travel end to end; a close keeps its code, and an
 * abnormal end (1006) ends the other side abnormally too.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer, type RawData } from 'ws';

/** The app's two streams, named as its header names them. */
export type StreamName = 'market' | 'orders';
export const STREAM_PATHS: Record<StreamName, string> = { market: '/ws-stream/v1', orders: '/ws-api/v1' };
export const RELAY_COOKIE = 'e2e-relay';

/** What a test may ask of its tag's sockets (`POST /relay/<tag>`); omitted fields stay as they were. */
export interface RelayOrder {
  /** Which streams `down`, `hung` and `dropChannels` apply to (default both). */
  streams?: StreamName[];
  /** true: close the live sockets (4000 "network down") and refuse new handshakes; false: allow again. */
  down?: boolean;
  /**
   * true: the exchange hangs for these streams: the sockets stay open but no frame passes either way
   * (what the page sends is lost, the exchange says nothing); new sockets open hung. false: frames
   * pass again.
   */
  hung?: boolean;
  /** Server frames whose `"channel"` is one of these are not forwarded ([] forwards all again). */
  dropChannels?: string[];
  /** Where this tag's NEW sockets go (`ws://host:port`, the path and query kept); null: the default. */
  target?: string | null;
}

export interface StreamCounts {
  /** Sockets relayed now. */
  live: number;
  /** Sockets relayed since the tag was first seen. */
  opened: number;
  /** Handshakes refused because the stream was down. */
  refused: number;
  /** Handshakes the target refused or never answered before the page gave up. */
  failed: number;
  /** Server frames not forwarded (dropChannels, hung). */
  withheld: number;
}
export type RelayCounts = Record<StreamName, StreamCounts>;

interface Pair {
  client: WebSocket;
  upstream: WebSocket;
}

interface StreamRules {
  down: boolean;
  hung: boolean;
  dropChannels: Set<string>;
  pairs: Set<Pair>;
  counts: Omit<StreamCounts, 'live'>;
}

interface TagRules {
  target: string | null;
  streams: Record<StreamName, StreamRules>;
}

const NETWORK_DOWN = 4000;

function freshStream(): StreamRules {
  return { down: false, hung: false, dropChannels: new Set(), pairs: new Set(), counts: { opened: 0, refused: 0, failed: 0, withheld: 0 } };
}

function streamOf(path: string): StreamName | null {
  if (path === STREAM_PATHS.market) return 'market';
  if (path === STREAM_PATHS.orders) return 'orders';
  return null;
}

function tagOf(cookieHeader: string | undefined): string {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === RELAY_COOKIE) return decodeURIComponent(value.join('='));
  }
  return '';
}

/** Close codes a WebSocket may put on the wire (RFC 6455 §7.4; 1005 and 1006 only ever describe a close). */
function sendableCode(code: number): boolean {
  return (code >= 1000 && code <= 1014 && code !== 1004 && code !== 1005 && code !== 1006) || (code >= 3000 && code <= 4999);
}

/** Ends `to` the way `from` ended: same code and reason, no code for none, abruptly for abnormal. */
function passClose(to: WebSocket, code: number, reason: Buffer) {
  if (to.readyState === WebSocket.CLOSED) return;
  if (sendableCode(code)) to.close(code, reason);
  else if (code === 1005) to.close();
  else to.terminate();
}

/** The `"channel"` of a JSON text frame, or null (not JSON, not an object, no channel). */
function channelOf(data: RawData): string | null {
  try {
    const frame = JSON.parse(String(data)) as { channel?: unknown };
    return typeof frame?.channel === 'string' ? frame.channel : null;
  } catch {
    return null;
  }
}

function refuseHandshake(socket: Duplex, status: string) {
  if (socket.destroyed) return;
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Checks a control body, naming the first thing wrong with it. */
function readOrder(body: unknown): RelayOrder | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'the body must be a JSON object';
  const o = body as Record<string, unknown>;
  const known = ['streams', 'down', 'hung', 'dropChannels', 'target'];
  const unknown = Object.keys(o).filter((k) => !known.includes(k));
  if (unknown.length) return `unknown field(s) ${unknown.join(', ')}; known: ${known.join(', ')}`;
  if (o.streams !== undefined && (!Array.isArray(o.streams) || o.streams.length === 0 || !o.streams.every((s) => s === 'market' || s === 'orders')))
    return 'streams must be a non-empty list of "market" and "orders"';
  if (o.down !== undefined && typeof o.down !== 'boolean') return 'down must be true or false';
  if (o.hung !== undefined && typeof o.hung !== 'boolean') return 'hung must be true or false';
  if (o.dropChannels !== undefined && (!Array.isArray(o.dropChannels) || !o.dropChannels.every((c) => typeof c === 'string')))
    return 'dropChannels must be a list of channel names';
  if (o.target !== undefined && o.target !== null) {
    if (typeof o.target !== 'string' || !/^wss?:\/\/[^/?#]+$/.test(o.target)) return 'target must be ws://host:port (no path) or null';
  }
  return o as RelayOrder;
}

export interface StreamRelay {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Starts the relay on `port` (0: any free one), forwarding to `target` (`ws://host:port`) unless a
 * tag says otherwise. `GET /health` answers 200 once it listens.
 */
export function startStreamRelay(o: { port: number; target: string; host?: string }): Promise<StreamRelay> {
  const host = o.host ?? '127.0.0.1';
  const tags = new Map<string, TagRules>();
  const rulesFor = (tag: string) => {
    let rules = tags.get(tag);
    if (!rules) {
      rules = { target: null, streams: { market: freshStream(), orders: freshStream() } };
      tags.set(tag, rules);
    }
    return rules;
  };
  const countsOf = (rules: TagRules): RelayCounts => ({
    market: { ...rules.streams.market.counts, live: rules.streams.market.pairs.size },
    orders: { ...rules.streams.orders.counts, live: rules.streams.orders.pairs.size },
  });

  // The subprotocol the target chose, answered to the page in its handshake.
  const chosenProtocol = new WeakMap<IncomingMessage, string>();
  // Pings are answered by the far end, not by the relay, so liveness stays end to end.
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, autoPong: false, handleProtocols: (_p, req) => chosenProtocol.get(req) || false });

  function pipe(pair: Pair, stream: StreamRules | null, held: { data: RawData; isBinary: boolean }[]) {
    const { client, upstream } = pair;
    let ended = false;
    const end = (other: WebSocket, code: number, reason: Buffer) => {
      if (!ended) {
        ended = true;
        stream?.pairs.delete(pair);
      }
      passClose(other, code, reason);
    };
    const fromServer = (data: RawData, isBinary: boolean) => {
      if (stream?.hung) {
        stream.counts.withheld++;
        return;
      }
      if (stream && stream.dropChannels.size > 0 && !isBinary) {
        const channel = channelOf(data);
        if (channel !== null && stream.dropChannels.has(channel)) {
          stream.counts.withheld++;
          return;
        }
      }
      if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
    };
    upstream.removeAllListeners('message');
    for (const m of held) fromServer(m.data, m.isBinary);
    upstream.on('message', fromServer);
    client.on('message', (data, isBinary) => {
      if (!stream?.hung && upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary: isBinary });
    });
    upstream.on('ping', (data) => {
      if (client.readyState === WebSocket.OPEN) client.ping(data);
    });
    upstream.on('pong', (data) => {
      if (client.readyState === WebSocket.OPEN) client.pong(data);
    });
    client.on('ping', (data) => {
      if (upstream.readyState === WebSocket.OPEN) upstream.ping(data);
    });
    client.on('pong', (data) => {
      if (upstream.readyState === WebSocket.OPEN) upstream.pong(data);
    });
    client.on('close', (code, reason) => end(upstream, code, reason));
    upstream.on('close', (code, reason) => end(client, code, reason));
    client.on('error', () => undefined); // 'close' follows
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    // Node drops the HTTP server's error handler on upgrade: a reset must not crash the relay.
    socket.on('error', () => socket.destroy());
    const path = new URL(req.url ?? '/', 'http://relay').pathname;
    const name = streamOf(path);
    const rules = rulesFor(tagOf(req.headers.cookie));
    const stream = name ? rules.streams[name] : null;
    if (stream?.down) {
      stream.counts.refused++;
      refuseHandshake(socket, '503 Service Unavailable');
      return;
    }
    const protocols = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const origin = req.headers.origin;
    const upstream = new WebSocket(`${rules.target ?? o.target}${req.url ?? '/'}`, protocols, {
      perMessageDeflate: false,
      autoPong: false,
      ...(origin ? { origin } : {}),
    });
    const held: { data: RawData; isBinary: boolean }[] = [];
    upstream.on('message', (data, isBinary) => held.push({ data, isBinary }));
    let settled = false;
    const fail = (status: string) => {
      if (settled) return;
      settled = true;
      if (stream) stream.counts.failed++;
      refuseHandshake(socket, status);
    };
    // The page gave up (or went away) while the target had not answered yet.
    const onGone = () => {
      if (!settled) {
        fail('502 Bad Gateway');
        upstream.terminate();
      }
    };
    socket.once('close', onGone);
    upstream.on('unexpected-response', (_request, response) => {
      fail(`${response.statusCode ?? 502} ${response.statusMessage ?? 'Bad Gateway'}`);
      response.resume();
      upstream.terminate();
    });
    upstream.on('error', () => {
      fail('502 Bad Gateway'); // refused / reset before the handshake; after it, 'close' follows
    });
    upstream.once('open', () => {
      if (settled) return upstream.terminate();
      settled = true;
      socket.off('close', onGone);
      chosenProtocol.set(req, upstream.protocol);
      let taken = false;
      wss.handleUpgrade(req, socket, head, (client) => {
        taken = true;
        const pair = { client, upstream };
        if (stream) {
          stream.pairs.add(pair);
          stream.counts.opened++;
        }
        pipe(pair, stream, held);
      });
      // ws answers a handshake it cannot take (a malformed one, a socket gone meanwhile) itself and
      // synchronously, without calling back: the exchange's socket must not outlive it.
      if (!taken) {
        if (stream) stream.counts.failed++;
        upstream.terminate();
      }
    });
  }

  function control(req: IncomingMessage, res: ServerResponse) {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const path = new URL(req.url ?? '/', 'http://relay').pathname;
    if (path === '/health') return reply(200, 'ok');
    const match = /^\/relay\/([A-Za-z0-9_-]{1,100})$/.exec(path);
    if (!match) return reply(404, 'not found: GET /health, GET or POST /relay/<tag>');
    const rules = rulesFor(match[1]!);
    if (req.method === 'GET') return reply(200, countsOf(rules));
    if (req.method !== 'POST') return reply(405, 'GET or POST');
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return reply(400, 'the body is not JSON');
      }
      const order = readOrder(body);
      if (typeof order === 'string') return reply(400, order);
      if (order.target !== undefined) rules.target = order.target;
      for (const name of order.streams ?? (['market', 'orders'] as const)) {
        const stream = rules.streams[name];
        if (order.dropChannels) stream.dropChannels = new Set(order.dropChannels);
        if (order.down !== undefined) stream.down = order.down;
        if (order.hung !== undefined) stream.hung = order.hung;
        if (order.down) {
          for (const pair of stream.pairs) {
            pair.client.close(NETWORK_DOWN, 'network down');
            pair.upstream.close(1001, 'network down');
          }
        }
      }
      reply(200, countsOf(rules));
    });
  }

  const server = createServer(control);
  server.on('upgrade', onUpgrade);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, host, () => {
      server.off('error', reject);
      const port = (server.address() as { port: number }).port;
      resolve({
        port,
        close: () =>
          new Promise<void>((done) => {
            for (const rules of tags.values()) {
              for (const stream of Object.values(rules.streams)) {
                for (const pair of stream.pairs) {
                  pair.client.terminate();
                  pair.upstream.terminate();
                }
              }
            }
            wss.close();
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
