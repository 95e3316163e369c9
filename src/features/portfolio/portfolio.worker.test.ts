import { afterEach, describe, expect, it, vi } from 'vitest';
import { handHistory, inputOf } from '../../lib/portfolio/testing/history-builders';
import type { FromPortfolioWorker } from '../../lib/portfolio/worker-protocol';

describe('portfolio.worker', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('holds the history it is sent and answers each request with its id', async () => {
    const posted: FromPortfolioWorker[] = [];
    vi.stubGlobal('postMessage', (m: FromPortfolioWorker) => posted.push(m));
    await import('./portfolio.worker');
    const onmessage = (globalThis as unknown as { onmessage: (e: { data: unknown }) => void }).onmessage;
    const h = handHistory();
    const { trades, funding, ...state } = inputOf(h.trades, h.funding);
    onmessage({ data: { kind: 'history', reset: true, trades, funding } });
    expect(posted).toHaveLength(0);
    onmessage({ data: { id: 7, kind: 'summary', state } });
    expect(posted).toHaveLength(1);
    expect(posted[0]!.id).toBe(7);
    const answer = posted[0]!;
    expect(answer.kind === 'summary' && answer.summary.windows.all.totals.realizedPnl).toBe('-5');
  });
});
