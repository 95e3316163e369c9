/// <reference lib="webworker" />
// The portfolio worker: holds the account's history and computes the Portfolio page's summary and CSVs
// off the page's main thread (100,000 trades take longer than a frame). All the work is lib/portfolio's
// PortfolioWorkerCore; portfolio-worker-client.ts is the page's end.
//
// Requests wait for the next task, and of several of one kind that came meanwhile only the newest is
// computed: the page has already called the older ones stale (a burst of fills asks again and again).
// Rows sent after a request are added only once it is answered, so it sees the history it was sent with.
import { PortfolioWorkerCore, type PortfolioRequest, type ToPortfolioWorker } from '../../lib/portfolio/worker-protocol';

const scope = globalThis as unknown as DedicatedWorkerGlobalScope;
const core = new PortfolioWorkerCore();
const waiting = new Map<PortfolioRequest['kind'], PortfolioRequest>();
let timer: ReturnType<typeof setTimeout> | null = null;

function answerWaiting(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  const requests = [...waiting.values()].sort((a, b) => a.id - b.id);
  waiting.clear();
  for (const r of requests) {
    const answer = core.handle(r);
    if (answer !== null) scope.postMessage(answer);
  }
}

scope.onmessage = (e: MessageEvent<ToPortfolioWorker>) => {
  const msg = e.data;
  if (msg.kind === 'history') {
    answerWaiting();
    core.handle(msg);
    return;
  }
  waiting.set(msg.kind, msg);
  timer ??= setTimeout(answerWaiting, 0);
};
