/// <reference lib="webworker" />
// The portfolio worker: reads the account's history from the cache itself (worker-history.ts: the
// rows never cross to the page), and computes the Portfolio page's summary and CSVs off the page's
// main thread (100,000 trades take longer than a frame). The figures are lib/portfolio's
// PortfolioWorkerCore; portfolio-worker-client.ts is the page's end.
//
// Messages are handled one after another (a cache read is asynchronous). A request waits for the
// next task, and of several of one kind that came meanwhile only the newest is computed: the page
// has already called the older ones stale (a burst of fills asks again and again). Rows sent or read
// after a request are added only once it is answered, so it sees the history it was sent with.
import { PortfolioWorkerCore, type FromPortfolioWorker, type PortfolioRequest, type ToPortfolioWorker } from '../../lib/portfolio/worker-protocol';
import { WorkerHistory } from './worker-history';

const scope = globalThis as unknown as DedicatedWorkerGlobalScope;
const core = new PortfolioWorkerCore();
const history = new WorkerHistory();
/** The last request of each kind queued since the last history change: an older one is skipped. */
const newest = new Map<PortfolioRequest['kind'], { skipped: boolean }>();
let queue: Promise<void> = Promise.resolve();

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const post = (m: FromPortfolioWorker) => scope.postMessage(m);

function feedCore(): void {
  const delta = history.delta();
  if (delta !== null) core.handle(delta);
}

async function handle(msg: ToPortfolioWorker, entry: { skipped: boolean } | null): Promise<void> {
  if (msg.kind === 'cache') {
    const damaged = await history.readCache(msg.key);
    if (damaged.length > 0) post({ kind: 'cache-damaged', kinds: damaged });
    feedCore();
    return;
  }
  if (msg.kind === 'history') {
    history.merge('trades', msg.trades);
    history.merge('funding', msg.funding);
    feedCore();
    return;
  }
  await nextTask(); // newer requests of a burst arrive meanwhile
  if (entry?.skipped) return;
  const answer = core.handle(msg);
  if (answer !== null) post(answer);
}

scope.onmessage = (e: MessageEvent<ToPortfolioWorker>) => {
  const msg = e.data;
  let entry: { skipped: boolean } | null = null;
  if (msg.kind === 'cache' || msg.kind === 'history') newest.clear();
  else {
    const older = newest.get(msg.kind);
    if (older) older.skipped = true;
    entry = { skipped: false };
    newest.set(msg.kind, entry);
  }
  queue = queue.then(() => handle(msg, entry)).catch((err: unknown) => console.error('portfolio worker', err));
};
