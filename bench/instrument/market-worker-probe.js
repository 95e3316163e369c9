/* global self, performance, BroadcastChannel, URL, MessageEvent, setTimeout, clearTimeout */
/**
 * The probe's half inside the app's market worker (plain JS like probe.js, never bundled). The
 * page's probe starts `new Worker(url, { name: 'market-stream' })` from this module instead, served
 * by the bench's static server at the app's origin (the CSP's `worker-src 'self'` refuses blob:
 * workers, and addInitScript never runs in a worker), as
 * `/__bench/market-worker-probe.js?target=<the app's worker URL>&id=<probe id>&cfg=<{"redirect":[...]}>`.
 *
 * Before the app's worker module is imported, `self.WebSocket` is wrapped as probe.js wraps the
 * page's: the redirect, and a stamp of every `/ws-stream/` message at `message` dispatch
 * ([t, seq, channel, sentWall], same regex and channel codes). t is `timeOrigin + now()` — the page
 * subtracts its own timeOrigin, which puts it on the page's performance.now() clock. Stamps go to
 * the page in batches over BroadcastChannel('bench-probe'): the worker's own postMessage is the
 * app's. The page asks for a flush before it reads (`{ id, flush }` → pending stamps, then `{ id, flushed }`).
 */
(() => {
  const params = new URL(self.location.href).searchParams;
  const target = params.get('target');
  const id = params.get('id');
  const cfg = JSON.parse(params.get('cfg') || '{}');
  const CHANNELS = { depth_book: 1, public_trade: 2, price: 3, position: 4, order: 5, trade: 6, balance: 7, auth: 8 };
  const HEAD = /^\{"seq":(\d+)(?:,"ts":([\d.]+))?,"channel":"([a-z_]+)"/;
  // Batches: at most every 100 ms, sooner at 200 stamps, so the page pays one cheap task per batch.
  const BATCH_MS = 100;
  const BATCH_VALUES = 4 * 200;
  const clock = () => performance.timeOrigin + performance.now();

  const channel = new BroadcastChannel('bench-probe');
  let pending = [];
  let timer = 0;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = 0;
    if (pending.length === 0) return;
    channel.postMessage({ id, arrivals: pending });
    pending = [];
  };
  channel.onmessage = (e) => {
    const m = e.data;
    if (!m || m.id !== id || !m.flush) return;
    flush();
    channel.postMessage({ id, flushed: m.flush });
  };

  const NativeWebSocket = self.WebSocket;
  class BenchWebSocket extends NativeWebSocket {
    constructor(url, protocols) {
      let to = String(url);
      for (const [from, dest] of cfg.redirect || []) if (to === from) to = dest;
      super(to, protocols);
      if (!to.includes('/ws-stream/')) return;
      channel.postMessage({ id, opened: to, at: clock() });
      this.addEventListener('message', (e) => {
        const t = clock();
        if (typeof e.data !== 'string') return;
        const m = HEAD.exec(e.data);
        if (!m) return;
        pending.push(t, Number(m[1]), CHANNELS[m[3]] || 0, m[2] ? Number(m[2]) : 0);
        if (pending.length >= BATCH_VALUES) flush();
        else if (!timer) timer = setTimeout(flush, BATCH_MS);
      });
    }
  }
  self.WebSocket = BenchWebSocket;

  // Messages the page posts before the app's module has run would find no listener (a worker's
  // own script runs before its first message): hold them, and hand them on once it has.
  const held = [];
  const hold = (e) => {
    e.stopImmediatePropagation();
    held.push(e);
  };
  self.addEventListener('message', hold);
  import(target).then(
    () => {
      self.removeEventListener('message', hold);
      for (const e of held) self.dispatchEvent(new MessageEvent('message', { data: e.data, ports: [...e.ports] }));
    },
    (err) => {
      // Uncaught in the worker, so the page's worker.onerror hears of it as it would without us.
      setTimeout(() => {
        throw err;
      });
    },
  );
})();
