import { afterEach, describe, expect, it, vi } from 'vitest';
import { handHistory, inputOf } from '../../lib/portfolio/testing/history-builders';
import type { FromPortfolioWorker, ToPortfolioWorker } from '../../lib/portfolio/worker-protocol';

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

async function worker() {
  const posted: FromPortfolioWorker[] = [];
  vi.stubGlobal('postMessage', (m: FromPortfolioWorker) => posted.push(m));
  vi.resetModules();
  await import('./portfolio.worker');
  const onmessage = (globalThis as unknown as { onmessage: (e: { data: ToPortfolioWorker }) => void }).onmessage;
  return { posted, send: (data: ToPortfolioWorker) => onmessage({ data }) };
}

describe('portfolio.worker', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('holds the history it is sent and answers a request with its id', async () => {
    const { posted, send } = await worker();
    const h = handHistory();
    const { trades, funding, ...state } = inputOf(h.trades, h.funding);
    send({ kind: 'history', reset: true, trades, funding });
    send({ id: 7, kind: 'summary', state });
    await settled();
    expect(posted).toHaveLength(1);
    const answer = posted[0]!;
    expect(answer.id).toBe(7);
    expect(answer.kind === 'summary' && answer.summary.windows.all.totals.realizedPnl).toBe('-5');
  });

  it('computes only the newest of a burst of requests, on the history each was sent with', async () => {
    const { posted, send } = await worker();
    const h = handHistory();
    const { trades, funding, ...state } = inputOf(h.trades, h.funding);
    send({ kind: 'history', reset: true, trades: trades.slice(0, 3), funding: [] });
    send({ id: 1, kind: 'summary', state });
    send({ id: 2, kind: 'summary', state });
    // rows after a request: the request is answered first, on the 3 trades it was sent with
    send({ kind: 'history', reset: false, trades: trades.slice(3), funding });
    send({ id: 3, kind: 'summary', state });
    await settled();
    const tradesSeen = posted.map((p) => [p.id, p.kind === 'summary' && p.summary.windows.all.totals.trades]);
    expect(tradesSeen).toEqual([[2, 3], [3, 7]]);
  });
});
