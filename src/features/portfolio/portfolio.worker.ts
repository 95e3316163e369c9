/// <reference lib="webworker" />
// The portfolio worker: holds the account's history and computes the Portfolio page's summary and CSVs
// off the page's main thread (100,000 trades take longer than a frame). All the work is lib/portfolio's
// PortfolioWorkerCore; portfolio-worker-client.ts is the page's end.
import { PortfolioWorkerCore, type ToPortfolioWorker } from '../../lib/portfolio/worker-protocol';

const scope = globalThis as unknown as DedicatedWorkerGlobalScope;
const core = new PortfolioWorkerCore();

scope.onmessage = (e: MessageEvent<ToPortfolioWorker>) => {
  const answer = core.handle(e.data);
  if (answer !== null) scope.postMessage(answer);
};
