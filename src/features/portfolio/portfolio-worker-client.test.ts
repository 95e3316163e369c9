import { describe, expect, it } from 'vitest';
import { HISTORY_CSV_KEYS, type HistoryCsvKey } from '../../lib/portfolio/portfolio-csv';
import type { FundingTransaction, Trade } from '../../api/schemas';
import type { HistoryFunding, HistoryTrade } from '../../lib/portfolio/portfolio-input';
import { fill, handHistory, inputOf, MIN, T0 } from '../../lib/portfolio/testing/history-builders';
import { PortfolioWorkerCore, type FromPortfolioWorker, type ToPortfolioWorker } from '../../lib/portfolio/worker-protocol';
import { portfolioWorkerClient, ROWS_PER_CHUNK, type PortfolioWorkerHandle } from './portfolio-worker-client';

/** A worker stand-in running the real core, answering when the test drains it (structured clone both ways). */
class HeldWorker implements PortfolioWorkerHandle {
  onmessage: ((e: MessageEvent<FromPortfolioWorker>) => void) | null = null;
  onerror: ((e: { message: string }) => void) | null = null;
  readonly inbox: ToPortfolioWorker[] = [];
  readonly seen: ToPortfolioWorker[] = [];
  private readonly core = new PortfolioWorkerCore();
  terminated = false;
  postMessage(m: ToPortfolioWorker): void {
    this.inbox.push(structuredClone(m));
    this.seen.push(m);
  }
  drain(): void {
    while (this.inbox.length > 0) {
      const answer = this.core.handle(this.inbox.shift()!);
      if (answer !== null) this.onmessage?.({ data: structuredClone(answer) } as MessageEvent<FromPortfolioWorker>);
    }
  }
  history(): Extract<ToPortfolioWorker, { kind: 'history' }>[] {
    return this.seen.filter((m) => m.kind === 'history');
  }
  terminate(): void {
    this.terminated = true;
  }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  const workers: HeldWorker[] = [];
  const client = portfolioWorkerClient(
    () => {
      const w = new HeldWorker();
      workers.push(w);
      return w;
    },
    () => Promise.resolve(),
  );
  const h = handHistory();
  return { client, workers, input: inputOf(h.trades, h.funding) };
}

describe('portfolio worker client', () => {
  it('takes the api\'s trade and funding records as they are (type check)', () => {
    const asTrade = (t: Trade): HistoryTrade => t;
    const asFunding = (f: FundingTransaction): HistoryFunding => f;
    expect([asTrade, asFunding]).toHaveLength(2);
  });

  it('warm() starts the worker before any request, and the first request uses that one', async () => {
    const { client, workers, input } = setup();
    client.warm();
    client.warm();
    expect(workers).toHaveLength(1);
    const answer = client.summarize(input);
    await settled();
    workers[0]!.drain();
    expect((await answer).status).toBe('done');
    expect(workers).toHaveLength(1);
  });

  it('with the default pause between chunks (a message to itself), every chunk goes out, then the request', async () => {
    const order: string[] = [];
    const client = portfolioWorkerClient(() => {
      const w = new HeldWorker();
      const post = w.postMessage.bind(w);
      w.postMessage = (m) => {
        order.push(m.kind);
        post(m);
      };
      return w;
    });
    const h = handHistory();
    const many = Array.from({ length: ROWS_PER_CHUNK * 2 + 1 }, (_, i) => ({ ...h.trades[0]!, id: i + 1 }));
    const started = performance.now();
    void client.summarize(inputOf(many, []));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual(['history', 'history', 'history', 'summary']);
    expect(performance.now() - started).toBeLessThan(1_000);
    client.dispose();
  });

  it('tells the worker which cache to read (at once on prefetch), and again only when its revision changed; no row crosses', async () => {
    const { client, workers, input } = setup();
    client.prefetch('http://devnet|bsc_0xaaa');
    const job = { ...input, trades: [], funding: [], cache: { key: 'http://devnet|bsc_0xaaa', revision: 3 } };
    const first = client.summarize(job);
    await settled();
    workers[0]!.drain();
    await first;
    const again = client.summarize({ ...job, now: job.now + 1 });
    await settled();
    workers[0]!.drain();
    await again;
    void client.summarize({ ...job, cache: { ...job.cache, revision: 4 } });
    await settled();
    const kinds = workers[0]!.seen.map((m) => (m.kind === 'cache' ? `cache ${m.revision}` : m.kind));
    expect(kinds).toEqual(['cache -1', 'cache 3', 'summary', 'summary', 'cache 4', 'summary']);
    expect(workers[0]!.history()).toEqual([]);
    client.dispose();
  });

  it('starts the worker on the first request and returns the summary', async () => {
    const { client, workers, input } = setup();
    expect(workers).toHaveLength(0);
    const answer = client.summarize(input);
    await settled();
    workers[0]!.drain();
    const a = await answer;
    expect(a.status === 'done' && a.value.windows.all.totals.netPnl).toBe('-5.135');
  });

  it('drops a stale answer: a newer summary request wins', async () => {
    const { client, workers, input } = setup();
    const older = client.summarize(input);
    const newer = client.summarize({ ...input, trades: input.trades.slice(0, 3) });
    // the older resolves 'stale' at once; nothing of it is computed
    expect(await older).toEqual({ status: 'stale' });
    await settled();
    workers[0]!.drain();
    const a = await newer;
    expect(a.status === 'done' && a.value.windows.all.totals.trades).toBe(3);
  });

  it('sends only the rows the worker lacks, and everything again when the history changed', async () => {
    const { client, workers, input } = setup();
    const run = async (i: typeof input) => {
      const a = client.summarize(i);
      await settled();
      workers[0]!.drain();
      return a;
    };
    await run({ ...input, trades: input.trades.slice(0, 4) });
    const a = await run(input);
    expect(a.status === 'done' && a.value.windows.all.totals.netPnl).toBe('-5.135');
    const [, more] = workers[0]!.history();
    // the second request carried the 3 new trades only, no funding (already held)
    expect([more!.reset, more!.trades.map((t) => t.id), more!.funding.length]).toEqual([false, [5, 6, 7], 0]);
    // a history whose start changed (another tab filled a gap before it) is sent whole
    await run({ ...input, trades: input.trades.slice(1) });
    expect(workers[0]!.history()[2]!.reset).toBe(true);
    expect(workers[0]!.history()[2]!.trades).toHaveLength(6);
  });

  it('sends a long history in chunks, with only the fields the figures read', async () => {
    const { client, workers } = setup();
    const trades: HistoryTrade[] = Array.from({ length: 12_000 }, (_, i) => ({
      ...fill(T0 + i * MIN, 'BTC-USD', i % 2 ? 'sell' : 'buy', '1', '10', '10', '0.01', i % 2 ? '1' : '0'),
      user: '0xabc',
      order_id: i,
    }));
    const answer = client.summarize(inputOf(trades, []));
    await settled();
    workers[0]!.drain();
    const chunks = workers[0]!.history();
    expect(chunks.map((c) => c.trades.length)).toEqual([ROWS_PER_CHUNK, ROWS_PER_CHUNK, 2_000]);
    expect(Object.keys(chunks[0]!.trades[0]!)).not.toContain('user');
    const a = await answer;
    // 6,000 closing fills of pnl 1, 12,000 fees of 0.01: 6000 − 120
    expect(a.status === 'done' && a.value.windows.all.totals.netPnl).toBe('5880');
  });

  it('a CSV request is not made stale by a summary request', async () => {
    const { client, workers, input } = setup();
    const kinds = { fill: 'F', funding: 'P', total: 'T', market: 'M' };
    const csv = client.historyCsv(input, { headers: Object.fromEntries(HISTORY_CSV_KEYS.map((k) => [k, k])) as Record<HistoryCsvKey, string>, kinds });
    const summary = client.summarize(input);
    await settled();
    workers[0]!.drain();
    const a = await csv;
    expect(a.status === 'done' && a.value.split('\r\n').length).toBe(11); // header + 9 rows + the final CRLF
    expect((await summary).status).toBe('done');
  });

  it('reports a computation that threw, and a worker that failed, as failures with a code', async () => {
    const { client, workers, input } = setup();
    const bad = client.summarize({ ...input, unrealizedPnl: '1.2.3' });
    await settled();
    workers[0]!.drain();
    expect(await bad).toMatchObject({ status: 'failed', code: 'compute-failed' });
    const lost = client.summarize(input);
    await settled();
    workers[0]!.onerror?.({ message: 'chunk failed to load' });
    expect(await lost).toEqual({ status: 'failed', code: 'worker-failed', detail: 'chunk failed to load' });
    expect(workers[0]!.terminated).toBe(true);
    // the next request starts a new worker and sends it the whole history
    const again = client.summarize(input);
    await settled();
    workers[1]!.drain();
    expect(workers[1]!.history()[0]!.trades).toHaveLength(7);
    expect((await again).status).toBe('done');
  });

  it('dispose ends the worker and leaves nothing waiting', async () => {
    const { client, workers, input } = setup();
    const pending = client.summarize(input);
    await settled();
    client.dispose();
    expect(await pending).toEqual({ status: 'stale' });
    expect(workers[0]!.terminated).toBe(true);
  });
});
