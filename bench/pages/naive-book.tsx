import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { dec, type Dec } from '../../src/lib/decimal';
import { formatFixed } from '../../src/lib/format';
import { formatClock } from '../../src/lib/time';
import '../../src/app/styles.css';

/**
 * The peer of figure 1: the order book and trades panel as a straightforward React component would
 * do them — one setState per WebSocket message, the whole book parsed, re-sorted and cumulated on
 * every render, no frame batching, no memoised rows, no schema validation. Same decimal arithmetic,
 * formatting, markup and styles as the app's panels, so the difference is the update architecture.
 * `?ws=<stream url>&rows=<rows per side>` (the harness passes the app's row count).
 */
type Level = [string, string];
interface Book {
  asks: Level[];
  bids: Level[];
}
interface Trade {
  id: number;
  price: string;
  qty: string;
  side: 'buy' | 'sell';
  time: number;
}
interface Row {
  price: Dec;
  size: Dec;
  total: Dec;
}

const params = new URLSearchParams(location.search);
const WS_URL = params.get('ws') ?? 'ws://127.0.0.1:7610/ws-stream/v1';
const ROWS = Number(params.get('rows') ?? 12);
const SYMBOL = 'BTC-USD';

function rowsOf(levels: Level[], side: 'asks' | 'bids'): Row[] {
  const parsed = levels.map(([p, q]) => ({ price: dec(p), size: dec(q) })).filter((l) => l.size.gt(0));
  parsed.sort((a, b) => (side === 'asks' ? a.price.comparedTo(b.price) : b.price.comparedTo(a.price)));
  let total = dec(0);
  return parsed.slice(0, ROWS).map((l) => {
    total = total.plus(l.size);
    return { ...l, total };
  });
}

function NaiveBook() {
  const [book, setBook] = useState<Book | null>(null);
  const [trades, setTrades] = useState<Trade[]>([]);
  useEffect(() => {
    const ws = new WebSocket(WS_URL);
    ws.onopen = () => {
      ws.send(JSON.stringify({ subscribe: { channel: 'depth_book', symbol: SYMBOL } }));
      ws.send(JSON.stringify({ subscribe: { channel: 'public_trade', symbol: SYMBOL } }));
    };
    ws.onmessage = (e: MessageEvent<string>) => {
      const msg = JSON.parse(e.data) as { channel: string; data: unknown };
      if (msg.channel === 'depth_book') setBook(msg.data as Book);
      else if (msg.channel === 'public_trade') setTrades((prev) => [msg.data as Trade, ...prev].slice(0, 100));
    };
    return () => ws.close();
  }, []);

  const asks = book ? rowsOf(book.asks, 'asks') : [];
  const bids = book ? rowsOf(book.bids, 'bids') : [];
  const maxTotal = [asks.at(-1)?.total ?? dec(0), bids.at(-1)?.total ?? dec(0)].reduce((a, b) => (a.gt(b) ? a : b));
  const pct = (total: Dec) => (maxTotal.lte(0) ? 0 : Math.min(100, total.div(maxTotal).mul(100).toNumber()));
  const spread = asks[0] && bids[0] ? asks[0].price.minus(bids[0].price) : null;
  const row = (r: Row, side: 'asks' | 'bids') => (
    <button
      key={r.price.toFixed()}
      type="button"
      className="relative grid h-[18px] w-full shrink-0 grid-cols-3 items-center px-2 text-right hover:bg-panel-2"
      data-testid={`book-${side}-row`}
    >
      <span aria-hidden className={`absolute inset-y-0 right-0 ${side === 'bids' ? 'bg-up/15' : 'bg-down/15'}`} style={{ width: `${pct(r.total)}%` }} />
      <span className={`num relative text-left ${side === 'bids' ? 'text-up' : 'text-down'}`}>{formatFixed(r.price, 1)}</span>
      <span className="num relative">{formatFixed(r.size, 3)}</span>
      <span className="num relative">{formatFixed(r.total, 3)}</span>
    </button>
  );

  return (
    <div className="flex h-full gap-px bg-line">
      <section aria-label="Order book" className="flex w-[260px] flex-col bg-panel" data-testid="order-book">
        <div className="flex h-7 shrink-0 items-center border-b border-line px-2 font-medium">Order book (naive)</div>
        <div className="flex min-h-0 flex-col-reverse overflow-hidden" style={{ height: ROWS * 18 }} data-testid="book-asks">
          {asks.map((r) => row(r, 'asks'))}
        </div>
        <div className="flex h-6 shrink-0 items-center justify-between border-y border-line bg-panel-2 px-2" data-testid="book-spread">
          <span className="text-muted">Spread</span>
          <span className="num">{spread ? formatFixed(spread, 1) : '—'}</span>
        </div>
        <div className="flex min-h-0 flex-col overflow-hidden" style={{ height: ROWS * 18 }} data-testid="book-bids">
          {bids.map((r) => row(r, 'bids'))}
        </div>
      </section>
      <section aria-label="Recent trades" className="flex w-[260px] flex-col bg-panel" data-testid="recent-trades">
        <h2 className="flex h-7 shrink-0 items-center border-b border-line px-2 font-medium">Trades</h2>
        <div className="min-h-0 flex-1 overflow-y-auto" data-testid="trade-rows">
          {trades.map((t) => (
            <div key={t.id} className="grid h-[18px] grid-cols-3 items-center px-2 text-right">
              <span className={`num text-left ${t.side === 'buy' ? 'text-up' : 'text-down'}`}>{formatFixed(t.price, 1)}</span>
              <span className="num">{formatFixed(t.qty, 3)}</span>
              <span className="num text-muted">{formatClock(t.time)}</span>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(<NaiveBook />);
