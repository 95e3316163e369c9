import { lowerBound, upperBound } from './stats';

/** What the probe (instrument/probe.js) recorded, as read back with page.evaluate. */
export interface ProbeData {
  timeOrigin: number;
  arrivals: number[];
  /** How many arrivals each side stamped: a page socket, or the app's market worker's socket. */
  arrivalsFrom: { page: number; worker: number };
  /** Each market-stream socket opened, and where (page time). */
  streamSockets: { where: 'page' | 'worker'; url: string; t: number }[];
  frames: { raf: number[]; ro: number[]; post: number[] };
  watched: Record<string, (number | null)[]>;
  longTasks: number[];
  loaf: { start: number; duration: number; blocking: number; scripts: { invoker: string; fn: string; src: string; char: number; duration: number }[] }[];
  clicks: { t: number; eventTime: number }[];
  requests: { t: number; id: string | null; signed: boolean; response: number | null }[];
  orderReplies: { t: number; id: string; status: string | null; code: number; message: string | null }[];
  rafTags: (string | number)[];
  marks: Record<string, number>;
}

export interface Frame {
  raf: number;
  /** End of the frame's DOM work (ResizeObserver callback). */
  ro: number;
  /** First task after the frame was painted. */
  post: number;
}

/** Pairs each rAF-loop frame with its ResizeObserver and post-paint times. */
export function framesOf(d: ProbeData['frames']): Frame[] {
  const out: Frame[] = [];
  const ro = [...d.ro].sort((a, b) => a - b);
  for (let i = 0; i < d.raf.length; i++) {
    const raf = d.raf[i]!;
    const next = d.raf[i + 1] ?? Infinity;
    const j = lowerBound(ro, raf);
    const r = ro[j];
    const post = d.post[i];
    if (r === undefined || r >= next || post === undefined) continue;
    out.push({ raf, ro: r, post });
  }
  return out;
}

export class FrameIndex {
  private readonly ro: number[];
  private readonly raf: number[];
  constructor(readonly frames: Frame[]) {
    this.ro = frames.map((f) => f.ro);
    this.raf = frames.map((f) => f.raf);
  }
  /** The frame that painted a DOM change made at `t`. */
  paintedBy(t: number): number {
    return lowerBound(this.ro, t);
  }
  /** The first frame to start after `t` (a message arriving at t can be painted there at best). */
  firstAfter(t: number): number {
    return upperBound(this.raf, t);
  }
}

export interface UpdateLatency {
  /** arrival → paint, ms */
  latencies: number[];
  /** frames between the first frame after arrival and the frame that painted it (0 = next frame) */
  framesLate: number[];
  /** sender wall clock → paint, ms (includes the wait in the page's task queue) */
  sentToPaint: number[];
  unpainted: number;
}

/**
 * For each message arrival (channel `ch`, within [from, to]) the paint that first showed it or a
 * later message: the watcher's value is the newest seq on screen.
 */
export function updateLatency(d: ProbeData, idx: FrameIndex, ch: number, watcher: string, from: number, to: number): UpdateLatency {
  const w = d.watched[watcher] ?? [];
  const mt: number[] = [];
  const mv: number[] = [];
  for (let i = 0; i < w.length; i += 2) {
    if (w[i + 1] === null) continue;
    mt.push(w[i] as number);
    mv.push(w[i + 1] as number);
  }
  const out: UpdateLatency = { latencies: [], framesLate: [], sentToPaint: [], unpainted: 0 };
  let m = 0;
  for (let i = 0; i < d.arrivals.length; i += 4) {
    const t = d.arrivals[i]!;
    const seq = d.arrivals[i + 1]!;
    if (d.arrivals[i + 2] !== ch || t < from || t > to) continue;
    while (m < mv.length && (mv[m]! < seq || mt[m]! < t)) m++;
    if (m >= mv.length) {
      out.unpainted++;
      continue;
    }
    const f = idx.paintedBy(mt[m]!);
    const frame = idx.frames[f];
    if (!frame) {
      out.unpainted++;
      continue;
    }
    out.latencies.push(frame.post - t);
    out.framesLate.push(f - idx.firstAfter(t));
    const sent = d.arrivals[i + 3]!;
    if (sent > 0) out.sentToPaint.push(d.timeOrigin + frame.post - sent);
  }
  return out;
}

/** Reads everything the probe recorded, the market worker's last stamps included (`settle`). */
export const READ_PROBE = `(async () => { const b = window.__bench; await b.settle(); return { timeOrigin: performance.timeOrigin, arrivals: b.arrivals, arrivalsFrom: b.arrivalsFrom, streamSockets: b.streamSockets, frames: b.frames, watched: b.watched, longTasks: b.longTasks, loaf: b.loaf, clicks: b.clicks, requests: b.requests, orderReplies: b.orderReplies, rafTags: b.rafTags, marks: b.marks }; })()`;
