import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { dec } from '../../src/lib/decimal';
import type { Devnet } from '../devnet';
import { expectAudit, fund, signedInTrader, sleep, startTestDevnet, until, type Trader } from '../test-support/harness';

/** What the trades add up to, in base units. */
const sizeOf = (trades: readonly { qty: string }[]) => trades.reduce((n, t) => n.plus(t.qty), dec(0)).toFixed();

interface TradeFrame {
  channel: string;
  symbol?: string;
  data: { price: string; qty: string; side: string; symbol: string };
}

/** A market-stream socket that records the public_trade frames it reads. */
async function tape(url: string): Promise<{ ws: WebSocket; trades: TradeFrame[]; send: (m: unknown) => void }> {
  const ws = new WebSocket(url);
  const trades: TradeFrame[] = [];
  ws.on('message', (d) => {
    const f = JSON.parse(d.toString()) as TradeFrame;
    if (f.channel === 'public_trade') trades.push(f);
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { ws, trades, send: (m) => ws.send(JSON.stringify(m)) };
}

// The engine renders a fill's public_trade only while some socket is subscribed to the symbol
// (market-stream-server.ts watchesPublicTrades): what a trader who subscribes later sees must not
// depend on that, nor what the HTTP reads of the market say.
describe('public trades on the market stream, with nobody subscribed at first', () => {
  let devnet: Devnet;
  let alice: Trader;
  beforeAll(async () => {
    devnet = await startTestDevnet({ tickMs: 0 });
    alice = await signedInTrader(devnet);
    await fund(devnet, alice, '50000', '40000');
  });
  afterAll(async () => {
    expectAudit(devnet);
    await devnet.close();
  });

  const buy = (qty: string) => alice.api.trade.newOrder({ symbol: 'BTC-USD', side: 'buy', order_type: 'market', qty, time_in_force: 'ioc', reduce_only: false });

  it('a socket that subscribes after trades were made gets every later trade of its symbol, and HTTP lists them all', async () => {
    const { ws, trades, send } = await tape(devnet.urls.streamUrl);
    try {
      send({ subscribe: { channel: 'public_trade', symbol: 'ETH-USD' } });
      await sleep(100);
      await buy('0.011'); // no socket wants BTC-USD trades
      const before = await alice.api.market.recentTrades('BTC-USD');
      expect(before[0]).toMatchObject({ qty: '0.011', is_buyer_taker: true });

      send({ subscribe: { channel: 'public_trade', symbol: 'BTC-USD' } });
      await sleep(100);
      await buy('0.013');
      await until(() => trades.length > 0, 10_000, 'the BTC-USD trade on the stream');
      await sleep(200); // nothing else comes: not the earlier trade, not another symbol's
      const after = await alice.api.market.recentTrades('BTC-USD');
      const fresh = after.slice(0, after.length - before.length);
      expect(sizeOf(fresh)).toBe('0.013');
      // Every fill of the order, on the stream as over HTTP (newest first there), and only those.
      expect(trades.map((t) => [t.symbol, t.data.symbol, t.data.side, t.data.price, t.data.qty])).toEqual(
        fresh.reverse().map((t) => ['BTC-USD', 'BTC-USD', 'buy', t.price, t.qty]),
      );
      expect(after.slice(after.length - before.length)).toEqual(before);

      send({ unsubscribe: { channel: 'public_trade', symbol: 'BTC-USD' } });
      await sleep(100);
      const seen = trades.length;
      await buy('0.017');
      await sleep(300);
      expect(trades).toHaveLength(seen);
      // Recorded for HTTP all the same: the fills of that order sum to its size.
      const last = await alice.api.market.recentTrades('BTC-USD');
      const unwatched = last.slice(0, last.length - after.length);
      expect(sizeOf(unwatched)).toBe('0.017');
    } finally {
      ws.close();
    }
  });
});
