import { Worker } from 'node:worker_threads';
import type { ExchangeConfig } from '../engine';
import type { FromSnapshotWorker, SnapshotWorkerData, ToSnapshotWorker } from './snapshot-worker-protocol';

const BOOT = new URL('./snapshot-worker-boot.mjs', import.meta.url);

/** A worker that dies more often than this is not restarted: the ledger snapshots on its own thread. */
const MAX_RESTARTS = 3;

/**
 * A snapshot the worker has not made durable after this long is given up and the worker replaced:
 * a hung worker must not stop snapshots for good, nor hang the ledger's close (the last snapshot
 * on SIGTERM). Far above any real write (~0.2–1.5 s at 15 MB on a loaded 2-core machine).
 */
const SNAPSHOT_TIMEOUT_MS = 120_000;

type Status = 'loading' | 'ready' | 'off';

/**
 * The ledger's side of the snapshot worker (snapshot-worker.ts). The ledger hands it every line it
 * journals (after the line is written: the journal, not the worker, is what makes a command
 * durable) and asks it for snapshots; the worker keeps a replica and writes snapshot.json from it.
 *
 * If the worker dies it is started again from the data dir (the journal holds every line it had
 * been sent, so the new replica reads them there; lines it also receives are skipped by sequence
 * number). While one is loading the ledger must not seal or delete journal segments (the worker is
 * reading them), so it waits for `whenReady()`. After MAX_RESTARTS, or if the replica diverges, the
 * status is 'off' and the ledger takes its snapshots in-thread as before.
 */
export class SnapshotWorkerClient {
  private worker: Worker | null = null;
  private state: Status = 'loading';
  private readyGate = gate();
  /** Lines journaled this turn of the event loop, posted together (one message, not one a command). */
  private pending: string[] = [];
  private flushScheduled = false;
  private job: { seq: number; resolve: (chars: number) => void; reject: (e: Error) => void; timer: NodeJS.Timeout } | null = null;
  private restarts = 0;
  private closing = false;

  constructor(
    private readonly data: SnapshotWorkerData,
    private readonly log: (line: string) => void,
  ) {
    this.spawn();
  }

  static start(dataDir: string, config: ExchangeConfig, log: (line: string) => void): SnapshotWorkerClient {
    return new SnapshotWorkerClient({ dataDir, config }, log);
  }

  get status(): Status {
    return this.state;
  }

  /** True once a worker is following the journal; false if it is off for good. */
  whenReady(): Promise<boolean> {
    if (this.state === 'ready') return Promise.resolve(true);
    if (this.state === 'off') return Promise.resolve(false);
    return this.readyGate.promise;
  }

  /** A journaled line (JSON, no newline), in sequence order. */
  post(line: string): void {
    if (this.state === 'off') return;
    this.pending.push(line);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  /**
   * snapshot.json as of `seq` (the ledger's last journaled line, the segment it covers already
   * sealed), headed by `header`; resolves with its size once it is durable. Only when ready.
   */
  snapshot(seq: number, header: string): Promise<number> {
    const w = this.worker;
    if (this.state !== 'ready' || w === null || this.job !== null) return Promise.reject(new Error('snapshot worker not ready'));
    this.flush();
    return new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (this.worker !== w || this.job?.seq !== seq) return;
        this.log(`snapshot worker has not written the snapshot at ${seq} in ${SNAPSHOT_TIMEOUT_MS / 1000} s: stopping it`);
        void w.terminate(); // → 'exit' → lost(): the job fails, another worker starts
      }, SNAPSHOT_TIMEOUT_MS);
      timer.unref();
      this.job = { seq, resolve, reject, timer };
      this.send({ t: 'snapshot', seq, header });
    });
  }

  /** Stops the worker (after the ledger's last snapshot). */
  async close(): Promise<void> {
    this.closing = true;
    this.state = 'off';
    this.readyGate.open(false);
    const w = this.worker;
    this.worker = null;
    this.pending = [];
    if (w) await w.terminate();
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.pending.length === 0) return;
    const lines = this.pending;
    this.pending = [];
    this.send({ t: 'lines', lines });
  }

  private send(m: ToSnapshotWorker): void {
    this.worker?.postMessage(m);
  }

  private spawn(): void {
    const w = new Worker(BOOT, { workerData: this.data, execArgv: [] });
    // The worker never keeps the process alive: the journal, not the worker, holds what matters.
    w.unref();
    this.worker = w;
    this.state = 'loading';
    w.on('message', (m: FromSnapshotWorker) => this.onMessage(w, m));
    w.on('error', (e) => this.lost(w, `failed: ${e.message}`, false));
    w.on('exit', (code) => this.lost(w, `exited (code ${code})`, false));
  }

  private onMessage(w: Worker, m: FromSnapshotWorker): void {
    if (w !== this.worker) return;
    switch (m.t) {
      case 'ready':
        this.state = 'ready';
        this.readyGate.open(true);
        this.readyGate = gate();
        return;
      case 'written':
      case 'failed': {
        const job = this.job;
        if (job === null || job.seq !== m.seq) return;
        this.job = null;
        clearTimeout(job.timer);
        if (m.t === 'written') job.resolve(m.chars);
        else job.reject(new Error(`snapshot at ${m.seq} not written: ${m.message}`));
        return;
      }
      case 'diverged':
        this.lost(w, `replica diverged (${m.message})`, true);
        void w.terminate();
        return;
    }
  }

  /** The worker is gone (or useless): fail its snapshot, then start another or turn off. */
  private lost(w: Worker, why: string, forGood: boolean): void {
    if (w !== this.worker) return;
    this.worker = null;
    const job = this.job;
    this.job = null;
    if (job) {
      clearTimeout(job.timer);
      job.reject(new Error(`snapshot worker ${why}`));
    }
    if (this.closing) return;
    if (forGood || ++this.restarts > MAX_RESTARTS) {
      this.log(`snapshot worker ${why}; snapshots are taken on the main thread from now on`);
      this.state = 'off';
      this.pending = [];
      this.readyGate.open(false);
      return;
    }
    this.log(`snapshot worker ${why}; starting another from the data dir`);
    this.spawn();
  }
}

function gate(): { promise: Promise<boolean>; open: (v: boolean) => void } {
  let open: (v: boolean) => void = () => undefined;
  const promise = new Promise<boolean>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}
