import { describe, expect, it } from 'vitest';
import { answerPortfolioRequest, type FromPortfolioWorker, type ToPortfolioWorker } from '../../lib/portfolio/worker-protocol';
import { handHistory, inputOf } from '../../lib/portfolio/testing/history-builders';
import { portfolioWorkerClient, type PortfolioWorkerHandle } from './portfolio-worker-client';

/** A worker stand-in that runs the real computation, answering when the test says (structured clone both ways). */
class HeldWorker implements PortfolioWorkerHandle {
  onmessage: ((e: MessageEvent<FromPortfolioWorker>) => void) | null = null;
  onerror: ((e: { message: string }) => void) | null = null;
  readonly inbox: ToPortfolioWorker[] = [];
  terminated = false;
  postMessage(m: ToPortfolioWorker): void {
    this.inbox.push(structuredClone(m));
  }
  /** Answers the oldest request (the worker answers in order). */
  answerNext(): void {
    const answer = answerPortfolioRequest(this.inbox.shift()!);
    this.onmessage?.({ data: structuredClone(answer) } as MessageEvent<FromPortfolioWorker>);
  }
  terminate(): void {
    this.terminated = true;
  }
}

function setup() {
  const workers: HeldWorker[] = [];
  const client = portfolioWorkerClient(() => {
    const w = new HeldWorker();
    workers.push(w);
    return w;
  });
  const h = handHistory();
  return { client, workers, input: inputOf(h.trades, h.funding) };
}

describe('portfolio worker client', () => {
  it('starts the worker on the first request and returns the summary', async () => {
    const { client, workers, input } = setup();
    expect(workers).toHaveLength(0);
    const answer = client.summarize(input);
    workers[0]!.answerNext();
    const a = await answer;
    expect(a.status).toBe('done');
    if (a.status === 'done') expect(a.value.windows.all.totals.netPnl).toBe('-5.135');
  });

  it('drops a stale answer: a newer summary request wins', async () => {
    const { client, workers, input } = setup();
    const older = client.summarize(input);
    const newer = client.summarize({ ...input, trades: input.trades.slice(0, 3) });
    // the older resolves 'stale' at once; its answer, when it comes, is dropped
    expect(await older).toEqual({ status: 'stale' });
    workers[0]!.answerNext();
    workers[0]!.answerNext();
    const a = await newer;
    expect(a.status === 'done' && a.value.windows.all.totals.trades).toBe(3);
  });

  it('a CSV request is not made stale by a summary request', async () => {
    const { client, workers, input } = setup();
    const csv = client.historyCsv(input, { headers: Object.fromEntries(['time'].map((k) => [k, k])) as never, kinds: { fill: 'F', funding: 'P', total: 'T', market: 'M' } });
    const summary = client.summarize(input);
    workers[0]!.answerNext();
    workers[0]!.answerNext();
    const a = await csv;
    expect(a.status === 'done' && a.value.split('\r\n').length).toBe(11); // header + 9 rows + final CRLF
    expect((await summary).status).toBe('done');
  });

  it('reports a computation that threw, and a worker that failed, as failures with a code', async () => {
    const { client, workers, input } = setup();
    const bad = client.summarize({ ...input, unrealizedPnl: '1.2.3' });
    workers[0]!.answerNext();
    expect(await bad).toMatchObject({ status: 'failed', code: 'compute-failed' });
    const lost = client.summarize(input);
    workers[0]!.onerror?.({ message: 'chunk failed to load' });
    expect(await lost).toEqual({ status: 'failed', code: 'worker-failed', detail: 'chunk failed to load' });
    expect(workers[0]!.terminated).toBe(true);
    // the next request starts a new worker
    const again = client.summarize(input);
    workers[1]!.answerNext();
    expect((await again).status).toBe('done');
  });

  it('dispose ends the worker and leaves nothing waiting', async () => {
    const { client, workers, input } = setup();
    const pending = client.summarize(input);
    client.dispose();
    expect(await pending).toEqual({ status: 'stale' });
    expect(workers[0]!.terminated).toBe(true);
  });
});
