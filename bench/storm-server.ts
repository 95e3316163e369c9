import { createServer, type Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { mulberry32 } from '../src/lib/mulberry32';

/**
 * A bench-only market stream (`/ws-stream/v1`, the protocol of devnet/streams/market-stream-server.ts)
 * that pushes a storm on demand: `depth_book` snapshots of `levels` levels per side and
 * `public_trade`s at fixed rates, to every socket subscribed to the symbol.
 *
 * Each message carries the page-visible sequence number the harness reads back out of the DOM: the
 * best ask's size and each trade's qty are `seq / 1000` (3 decimals, the symbol's qty decimals), and
 * levels sit exactly on the 0.1 price tick, so the book's default grouping never merges them.
 * `seq` comes first and `ts` (sender wall clock, ms) second, so the probe reads both with an anchored
 * regex and never parses the body.
 */
export interface StormOptions {
  symbol?: string;
  depthPerSec?: number;
  tradesPerSec?: number;
  levels?: number;
  seconds: number;
}

export interface StormStats {
  depthSent: number;
  tradesSent: number;
  firstSeq: number;
  lastSeq: number;
  seconds: number;
  /** Worst lag of the sender behind its schedule (ms): a busy machine shows up here. */
  maxSendLagMs: number;
  clients: number;
}

interface Client {
  socket: WebSocket;
  subs: Set<string>;
}


const wallNow = () => performance.timeOrigin + performance.now();

export class StormServer {
  private readonly clients = new Set<Client>();
  /** Starts high so storm values never collide with the devnet data shown before the storm. */
  private seq = 100_000;
  private readonly rand = mulberry32(7);
  /** Mid price in ticks of 0.1. */
  private midTicks = 950_000;

  private constructor(
    private readonly http: Server,
    private readonly wss: WebSocketServer,
    readonly url: string,
  ) {
    wss.on('connection', (socket) => {
      const client: Client = { socket, subs: new Set() };
      this.clients.add(client);
      socket.on('message', (data) => this.receive(client, data.toString()));
      socket.on('close', () => this.clients.delete(client));
      socket.on('error', () => socket.terminate());
    });
  }

  static async start(port: number): Promise<StormServer> {
    const http = createServer((_req, res) => {
      res.writeHead(404).end();
    });
    const wss = new WebSocketServer({ server: http, path: '/ws-stream/v1', perMessageDeflate: false });
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(port, '127.0.0.1', () => resolve());
    });
    return new StormServer(http, wss, `ws://127.0.0.1:${port}/ws-stream/v1`);
  }

  /** How many sockets listen for `channel` of `symbol`. */
  subscribers(channel: string, symbol = 'BTC-USD'): number {
    let n = 0;
    for (const c of this.clients) if (c.subs.has(`${channel}|${symbol}`)) n++;
    return n;
  }

  private receive(client: Client, text: string) {
    let msg: { subscribe?: { channel?: string; symbol?: string }; unsubscribe?: { channel?: string; symbol?: string }; auth?: unknown };
    try {
      msg = JSON.parse(text) as typeof msg;
    } catch {
      return;
    }
    const sub = msg.subscribe ?? msg.unsubscribe;
    if (sub?.channel && sub.symbol) {
      const key = `${sub.channel}|${sub.symbol}`;
      if (msg.subscribe) client.subs.add(key);
      else client.subs.delete(key);
    } else if (msg.auth) {
      this.seq++;
      client.socket.send(JSON.stringify({ seq: this.seq, channel: 'auth', data: { code: 401, msg: 'bench storm stream: no accounts' } }));
    }
  }

  private broadcast(key: string, text: string): number {
    let n = 0;
    for (const c of this.clients) {
      if (c.subs.has(key) && c.socket.readyState === 1) {
        c.socket.send(text);
        n++;
      }
    }
    return n;
  }

  private depthMessage(symbol: string, levels: number): string {
    this.seq++;
    // A slow random walk of the mid, so the visible rows re-key now and then as in a real market.
    const r = this.rand();
    if (r < 0.15) this.midTicks -= 1;
    else if (r > 0.85) this.midTicks += 1;
    const asks: [string, string][] = [];
    const bids: [string, string][] = [];
    for (let i = 0; i < levels; i++) {
      const size = i === 0 ? this.seq / 1000 : 0.001 * (1 + Math.floor(this.rand() * 5000));
      asks.push([((this.midTicks + 1 + i) / 10).toFixed(1), size.toFixed(3)]);
      bids.push([((this.midTicks - i) / 10).toFixed(1), (0.001 * (1 + Math.floor(this.rand() * 5000))).toFixed(3)]);
    }
    // The service does not sort levels (book-levels.ts sorts them): send them shuffled-ish.
    asks.reverse();
    return `{"seq":${this.seq},"ts":${wallNow().toFixed(3)},"channel":"depth_book","symbol":"${symbol}","data":${JSON.stringify({ asks, bids, symbol })}}`;
  }

  private tradeMessage(symbol: string): string {
    this.seq++;
    const side = this.rand() < 0.5 ? 'buy' : 'sell';
    const price = ((side === 'buy' ? this.midTicks + 1 : this.midTicks) / 10).toFixed(1);
    const data = { id: this.seq, price, qty: (this.seq / 1000).toFixed(3), side, symbol, time: Date.now() };
    return `{"seq":${this.seq},"ts":${wallNow().toFixed(3)},"channel":"public_trade","symbol":"${symbol}","data":${JSON.stringify(data)}}`;
  }

  /** Pushes the storm for `seconds` on a fixed schedule (open loop: a slow client is not waited for). */
  run(opts: StormOptions): Promise<StormStats> {
    const symbol = opts.symbol ?? 'BTC-USD';
    const depthRate = opts.depthPerSec ?? 200;
    const tradeRate = opts.tradesPerSec ?? 100;
    const levels = opts.levels ?? 100;
    const depthKey = `depth_book|${symbol}`;
    const tradeKey = `public_trade|${symbol}`;
    const stats: StormStats = { depthSent: 0, tradesSent: 0, firstSeq: this.seq + 1, lastSeq: this.seq, seconds: opts.seconds, maxSendLagMs: 0, clients: this.subscribers('depth_book', symbol) };
    const start = performance.now();
    const endMs = opts.seconds * 1000;
    return new Promise((resolve) => {
      const tick = () => {
        const elapsed = Math.min(performance.now() - start, endMs);
        const depthDue = Math.floor((elapsed * depthRate) / 1000);
        const tradeDue = Math.floor((elapsed * tradeRate) / 1000);
        // Interleave the two channels in schedule order.
        while (stats.depthSent < depthDue || stats.tradesSent < tradeDue) {
          const nextDepthAt = ((stats.depthSent + 1) * 1000) / depthRate;
          const nextTradeAt = ((stats.tradesSent + 1) * 1000) / tradeRate;
          const depthFirst = stats.depthSent < depthDue && (stats.tradesSent >= tradeDue || nextDepthAt <= nextTradeAt);
          const dueAt = depthFirst ? nextDepthAt : nextTradeAt;
          stats.maxSendLagMs = Math.max(stats.maxSendLagMs, elapsed - dueAt);
          if (depthFirst) {
            this.broadcast(depthKey, this.depthMessage(symbol, levels));
            stats.depthSent++;
          } else {
            this.broadcast(tradeKey, this.tradeMessage(symbol));
            stats.tradesSent++;
          }
        }
        if (elapsed >= endMs) {
          stats.lastSeq = this.seq;
          resolve(stats);
        } else setTimeout(tick, 1);
      };
      tick();
    });
  }

  async close(): Promise<void> {
    for (const c of this.clients) c.socket.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }
}
