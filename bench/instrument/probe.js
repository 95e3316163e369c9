/* global window, document, performance, MessageChannel, MutationObserver, ResizeObserver, PerformanceObserver, Headers, URL, URLSearchParams, BroadcastChannel, setTimeout */
/**
 * In-page instrumentation for the benchmarks, installed with `addInitScript` before any page script
 * (plain JS on purpose: it is injected as text, never bundled). Configure with
 * `window.__BENCH_CFG = { redirect: [[fromUrl, toUrl]] }` prepended to this file's text.
 *
 * Everything is recorded as `performance.now()` times in flat arrays (cheap to push, read once at
 * the end by the harness), so the probe costs the page almost nothing:
 * - `arrivals`: market-stream messages at WebSocket `message` dispatch: [t, seq, channel, sentWall]...,
 *   stamped where the socket lives: here for a page socket, by market-worker-probe.js for the app's
 *   market worker's (`arrivalsFrom` counts each side; `streamSockets` says where each was opened).
 *   The harness reads after `settle()`, which fetches the worker's last stamps and keeps time order.
 * - `frames`: a rAF loop marks each frame's rAF phase start (`raf`), a ResizeObserver on a 1-px
 *   element toggled every frame marks the end of that frame's DOM work (`ro`: RO callbacks run after
 *   rAF callbacks, their microtasks, style and layout), and a message posted from the rAF callback
 *   marks the first task after the frame was painted (`post`).
 * - `watch(name, ...)`: a MutationObserver that reads a number out of one row whenever it changes.
 *   A DOM change at time t is painted by the first frame whose `ro` is at or after t.
 * - long tasks and long animation frames (with their script attribution), submit clicks, signed
 *   `new_order` requests (fetch wrapper), order-stream replies, tagged rAF callbacks
 *   ([tag, start, duration, delta of the page's optional `__bench.counter()`]...).
 */
(() => {
  const cfg = window.__BENCH_CFG || {};
  const now = () => performance.now();
  const B = {
    arrivals: [],
    arrivalsFrom: { page: 0, worker: 0 },
    streamSockets: [],
    marketWorkers: 0,
    frames: { raf: [], ro: [], post: [] },
    watched: {},
    longTasks: [],
    loaf: [],
    clicks: [],
    requests: [],
    orderReplies: [],
    rafTags: [],
    marks: {},
  };
  window.__bench = B;

  // ---- WebSocket: optional redirect, arrival stamps, order-stream replies
  const CHANNELS = { depth_book: 1, public_trade: 2, price: 3, position: 4, order: 5, trade: 6, balance: 7, auth: 8 };
  const HEAD = /^\{"seq":(\d+)(?:,"ts":([\d.]+))?,"channel":"([a-z_]+)"/;
  const NativeWebSocket = window.WebSocket;
  class BenchWebSocket extends NativeWebSocket {
    constructor(url, protocols) {
      let target = String(url);
      for (const [from, to] of cfg.redirect || []) if (target === from) target = to;
      super(target, protocols);
      if (target.includes('/ws-stream/')) {
        B.streamSockets.push({ where: 'page', url: target, t: now() });
        this.addEventListener('message', (e) => {
          const t = now();
          if (typeof e.data !== 'string') return;
          const m = HEAD.exec(e.data);
          if (!m) return;
          B.arrivals.push(t, Number(m[1]), CHANNELS[m[3]] || 0, m[2] ? Number(m[2]) : 0);
          B.arrivalsFrom.page++;
        });
      } else if (target.includes('/ws-api/')) {
        this.addEventListener('message', (e) => {
          const t = now();
          try {
            const r = JSON.parse(e.data);
            B.orderReplies.push({ t, id: r.request_id, status: r.status || null, code: r.code, message: r.message || null });
          } catch {
            // not JSON: not ours to judge
          }
        });
      }
    }
  }
  window.WebSocket = BenchWebSocket;

  // ---- the app's market worker: started from the bench's wrapper module, which stamps its socket
  // (bench/instrument/market-worker-probe.js, served at the app's origin by bench/static-server.ts)
  const NativeWorker = window.Worker;
  const workerIds = new Set();
  const liveWorkerIds = new Set();
  const flushWaits = new Map();
  let flushTokens = 0;
  let probeChannel = null;
  const fromWorker = (e) => {
    const m = e.data;
    if (!m || !workerIds.has(m.id)) return;
    if (m.arrivals) {
      const a = m.arrivals;
      const origin = performance.timeOrigin;
      const last = B.arrivals.length - 4;
      if (last >= 0 && a[0] - origin < B.arrivals[last]) B.arrivalsUnsorted = true;
      for (let i = 0; i < a.length; i += 4) B.arrivals.push(a[i] - origin, a[i + 1], a[i + 2], a[i + 3]);
      B.arrivalsFrom.worker += a.length / 4;
    } else if (m.opened) {
      B.streamSockets.push({ where: 'worker', url: m.opened, t: m.at - performance.timeOrigin });
    } else if (m.flushed) {
      const done = flushWaits.get(m.flushed);
      if (done) done(true);
    }
  };
  if (NativeWorker) {
    class BenchWorker extends NativeWorker {
      constructor(url, options) {
        if (!options || options.name !== 'market-stream') {
          super(url, options);
          return;
        }
        const id = Math.random().toString(36).slice(2);
        const query = new URLSearchParams({ target: new URL(String(url), document.baseURI).href, id, cfg: JSON.stringify({ redirect: cfg.redirect || [] }) });
        if (!probeChannel) {
          probeChannel = new BroadcastChannel('bench-probe');
          probeChannel.onmessage = fromWorker;
        }
        workerIds.add(id);
        liveWorkerIds.add(id);
        B.marketWorkers++;
        super(`/__bench/market-worker-probe.js?${query}`, options);
        this.benchProbeId = id;
      }
      terminate() {
        liveWorkerIds.delete(this.benchProbeId);
        super.terminate();
      }
    }
    window.Worker = BenchWorker;
  }
  /** Asks each live market worker for the stamps it still holds; resolves when all answered (or 1 s). */
  const flushWorkers = () =>
    Promise.all(
      [...liveWorkerIds].map(
        (id) =>
          new Promise((done) => {
            const token = ++flushTokens;
            const finish = (ok) => {
              flushWaits.delete(token);
              done(ok);
            };
            flushWaits.set(token, finish);
            probeChannel.postMessage({ id, flush: token });
            setTimeout(() => finish(false), 1000);
          }),
      ),
    );
  /** Page and worker stamps interleave only when both held a stream socket: put them back in time order. */
  const sortArrivals = () => {
    if (!B.arrivalsUnsorted) return;
    const a = B.arrivals;
    const order = [];
    for (let i = 0; i < a.length; i += 4) order.push(i);
    order.sort((x, y) => a[x] - a[y]);
    const sorted = [];
    for (const i of order) sorted.push(a[i], a[i + 1], a[i + 2], a[i + 3]);
    B.arrivals = sorted;
    B.arrivalsUnsorted = false;
  };
  /** Before the harness reads: every stamp in, in time order. */
  B.settle = async () => {
    await flushWorkers();
    sortArrivals();
  };

  // ---- fetch: when a signed new_order leaves the page
  const nativeFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const t = now();
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/api/new_order')) {
      const h = init && init.headers;
      let id = null;
      let signed = false;
      if (h) {
        const get = (k) => (h instanceof Headers ? h.get(k) : h[k]);
        id = get('x-request-id') || null;
        signed = Boolean(get('x-request-signature'));
      }
      const entry = { t, id, signed, response: null };
      B.requests.push(entry);
      const p = nativeFetch(input, init);
      p.then(
        () => (entry.response = now()),
        () => undefined,
      );
      return p;
    }
    return nativeFetch(input, init);
  };

  // ---- submit clicks (capture phase on window: before any app handler)
  window.addEventListener(
    'click',
    (e) => {
      const el = e.target && e.target.closest ? e.target.closest('[data-testid="submit-order"]') : null;
      if (el) B.clicks.push({ t: now(), eventTime: e.timeStamp });
    },
    true,
  );

  // ---- rAF: tagged callbacks (a tag set while registering is inherited by what the callback registers)
  const nativeRaf = window.requestAnimationFrame.bind(window);
  let tag = null;
  window.requestAnimationFrame = (cb) => {
    const mine = tag || B.tagAll || null;
    if (!mine) return nativeRaf(cb);
    return nativeRaf((ts) => {
      const prev = tag;
      tag = mine.endsWith('>') ? mine : `${mine}>`;
      const t0 = now();
      const c0 = B.counter ? B.counter() : 0;
      try {
        cb(ts);
      } finally {
        B.rafTags.push(mine, t0, now() - t0, (B.counter ? B.counter() : 0) - c0);
        tag = prev;
      }
    });
  };
  B.tagged = (name, fn) => {
    const prev = tag;
    tag = name;
    try {
      return fn();
    } finally {
      tag = prev;
    }
  };

  // ---- frame loop
  let loopOn = false;
  let dummy = null;
  let flip = false;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => B.frames.post.push(now());
  const loop = () => {
    if (!loopOn) return;
    B.frames.raf.push(now());
    flip = !flip;
    dummy.style.width = flip ? '2px' : '1px';
    channel.port2.postMessage(0);
    nativeRaf(loop);
  };
  B.startFrames = () => {
    if (!dummy) {
      dummy = document.createElement('div');
      dummy.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;pointer-events:none;opacity:0;contain:strict';
      document.body.appendChild(dummy);
      new ResizeObserver(() => B.frames.ro.push(now())).observe(dummy);
    }
    if (!loopOn) {
      loopOn = true;
      nativeRaf(loop);
    }
  };
  B.stopFrames = () => {
    loopOn = false;
  };

  /** Calls back with the time of the first task after the next frame was painted. */
  B.afterNextPaint = (cb) =>
    nativeRaf(() => {
      const c = new MessageChannel();
      c.port1.onmessage = () => cb(now());
      c.port2.postMessage(0);
    });

  // ---- watchers: a number read from one row, recorded whenever it changes
  const readNumber = (root, rowSelector, childIndex, scale) => {
    const row = rowSelector ? root.querySelector(rowSelector) : root.firstElementChild;
    const cell = row && row.children[childIndex];
    if (!cell) return null;
    const m = /-?\d+(\.\d+)?/.exec(cell.textContent.replace(/,/g, ''));
    return m ? Math.round(Number(m[0]) * scale) : null;
  };
  /** Watches `rootSelector`; returns false when it is not in the page (yet). */
  B.watch = (name, rootSelector, rowSelector, childIndex, scale) => {
    const root = document.querySelector(rootSelector);
    if (!root) return false;
    const list = (B.watched[name] = B.watched[name] || []);
    let last = readNumber(root, rowSelector, childIndex, scale);
    list.push(now(), last);
    new MutationObserver(() => {
      const v = readNumber(root, rowSelector, childIndex, scale);
      if (v !== last) {
        last = v;
        list.push(now(), v);
      }
    }).observe(root, { subtree: true, childList: true, characterData: true });
    return true;
  };

  // ---- cold start: the first order-book row in the DOM, and the paint after it
  const firstRow = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="book-asks-row"]')) return;
    firstRow.disconnect();
    B.marks.firstRowDom = now();
    B.afterNextPaint((t) => {
      B.marks.firstRowPaint = t;
    });
  });
  firstRow.observe(document, { subtree: true, childList: true });

  // ---- long tasks and long animation frames
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) B.longTasks.push(e.startTime, e.duration);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // not supported
  }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        B.loaf.push({
          start: e.startTime,
          duration: e.duration,
          blocking: e.blockingDuration,
          renderStart: e.renderStart,
          styleAndLayoutStart: e.styleAndLayoutStart,
          scripts: (e.scripts || []).map((s) => ({
            invoker: s.invoker,
            fn: s.sourceFunctionName,
            src: s.sourceURL,
            char: s.sourceCharPosition,
            duration: s.duration,
            forcedLayout: s.forcedStyleAndLayoutDuration,
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // not supported
  }
})();
