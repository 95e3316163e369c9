/// <reference lib="webworker" />
// The portfolio worker: computes the Portfolio page's summary and CSVs off the page's main thread
// (100,000 trades take longer than a frame). All the work is lib/portfolio's answerPortfolioRequest;
// portfolio-worker-client.ts is the page's end.
import { answerPortfolioRequest, type ToPortfolioWorker } from '../../lib/portfolio/worker-protocol';

const scope = globalThis as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (e: MessageEvent<ToPortfolioWorker>) => {
  scope.postMessage(answerPortfolioRequest(e.data));
};
