import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../api/schemas';
import { dec } from '../lib/decimal';
import { useToasts } from '../stores/toasts';
import { closeAllPositions, closeBlockers, isPositionTpslUnsupported, marketClose, setPositionTpsl } from './position-commands';
import type { OutcomeSource } from './send-with-outcome';
import { OrderStream } from '../api/stream/order-stream';
import { FakeSocket } from '../testing/fake-socket';
import { useSessionStore } from '../wallet/session-store';
import { localExchangeEachFile } from './testing/local-exchange';

// The position commands over real HTTP and the app's own signed client: what reaches the exchange, in
// which order, and what the trader is told when a step is refused or gets no answer.

type Answer = 'accept' | 'drop' | { refuse: string };
const answers: Record<string, Answer[]> = {};
const received: { path: string; body: Record<string, unknown> }[] = [];
/** What query_order says became of an order asked for by its cl_ord_id: it, or "not found". */
let fate: Partial<Order> | 'missing' = 'missing';
/**
 * What query_order says of an order asked for by its order_id (a close's blocker): by id, or "not
 * found"; 'fail' answers 503; 'hold' answers only when the test calls `release` with its fate.
 */
const fateById: Record<number, Partial<Order> | 'missing' | 'fail' | 'hold'> = {};
const held: ((f: Partial<Order>) => void)[] = [];
const release = (f: Partial<Order>) => held.splice(0).forEach((answer) => answer(f));
const asked: string[] = [];
const exchange = localExchangeEachFile(({ url: path, query, text }, reply) => {
  const json = reply.send;
  const byId = path.startsWith('/api/query_order') ? query.get('order_id') : null;
  if (byId !== null) {
    const id = Number(byId);
    asked.push(`#${id}`);
    const f = fateById[id] ?? 'missing';
    const found = (g: Partial<Order>) => json(200, { ...resting.find((o) => o.id === id), ...g });
    if (f === 'hold') return void held.push(found);
    if (f === 'fail') return json(503, { code: 503, message: 'service unavailable', request_id: 'q' });
    if (f === 'missing') return json(404, { code: 404, message: 'order not found', request_id: 'q' });
    return found(f);
  }
  if (path.startsWith('/api/query_order')) {
    const clOrdId = query.get('cl_ord_id') ?? '';
    asked.push(clOrdId);
    if (fate === 'missing') return json(404, { code: 404, message: 'order not found', request_id: 'q' });
    return json(200, order({ id: 99, side: 'sell', qty: '0.5', ...fate, cl_ord_id: clOrdId }));
  }
  const body = JSON.parse(text || '{}') as Record<string, unknown>;
  // As the devnet (devnet/engine/validation.ts): no order above max_order_qty 100, reduce-only included.
  const overMax = path === '/api/new_order' && Number(body.qty) > 100;
  const answer: Answer = overMax ? { refuse: 'qty is above max_order_qty 100' } : (answers[path]?.shift() ?? 'accept');
  if (answer === 'drop') return reply.drop();
  received.push({ path, body });
  const refused = typeof answer === 'object';
  json(refused ? 400 : 200, refused ? { code: 400, message: answer.refuse, request_id: 'r' } : { code: 0, message: 'success', request_id: `r${received.length}` });
});
afterEach(() => {
  received.length = 0;
  asked.length = 0;
  fate = 'missing';
  for (const k of Object.keys(answers)) delete answers[k];
  for (const k of Object.keys(fateById)) delete fateById[Number(k)];
  release({});
  useToasts.setState({ toasts: [] });
});

const toasts = () => useToasts.getState().toasts.map((t) => ({ kind: t.kind, title: t.title, body: t.body }));

function order(o: Partial<Order> & Pick<Order, 'id' | 'side' | 'qty'>): Order {
  return {
    cl_ord_id: `c${o.id}`, user: 'u', symbol: 'BTC-USD', order_type: 'limit', time_in_force: 'gtc', price: '97000', fill_qty: '0', fill_avg_price: '0',
    reduce_only: true, leverage: '10', margin: '0', avail_locked: '0', status: 'open', position_id: 1, liq_id: 0, created_block: 0, closed_block: 0,
    source: 'user', remark: '', payload: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', ...o,
  };
}

// A long of 0.5 BTC protected by a parent-attached TP/SL pair for 0.3, a reduce-only limit for 0.1,
// and a whole-position TP and SL (qty 0).
const long = { symbol: 'BTC-USD', qty: '0.5' };
/** BTC-USD's places (query_symbol_info): prices to 0.1, sizes to 0.001. */
const btc = { price: 1, qty: 3 };
const resting: Order[] = [
  order({ id: 11, side: 'sell', qty: '0.3', status: 'untriggered', source: 'tp', order_type: 'market', price: '99000', payload: { parent_id: 10 } }),
  order({ id: 12, side: 'sell', qty: '0.3', status: 'untriggered', source: 'sl', order_type: 'market', price: '93000', payload: { parent_id: 10 } }),
  order({ id: 13, side: 'sell', qty: '0.1', price: '98000' }),
  order({ id: 14, side: 'sell', qty: '0', status: 'untriggered', source: 'tp', order_type: 'market', price: '100000' }),
  order({ id: 15, side: 'sell', qty: '0', status: 'untriggered', source: 'sl', order_type: 'market', price: '92000' }),
  order({ id: 16, side: 'buy', qty: '0.2', reduce_only: false, price: '90000' }),
  order({ id: 17, side: 'sell', qty: '0.1', symbol: 'ETH-USD' }),
];

describe('market close that always works', () => {
  it('cancels only what blocks the headroom, then sells exactly the whole long at market, reduce-only', async () => {
    expect(closeBlockers(long, resting).map((o) => o.id)).toEqual([11, 12, 13]);
    const result = await marketClose(exchange.api, null, { position: long, orders: resting, places: btc });
    expect(result).toEqual({ symbol: 'BTC-USD', kind: 'closed' });
    expect(received.map((r) => r.path)).toEqual(['/api/cancel_orders', '/api/new_order']);
    expect(received[0]!.body).toEqual({ order_id_list: [11, 12, 13] });
    expect(received[1]!.body).toMatchObject({ symbol: 'BTC-USD', side: 'sell', order_type: 'market', qty: '0.5', time_in_force: 'ioc', reduce_only: true });
    expect(toasts().at(-1)).toMatchObject({ kind: 'success', title: 'Close placed: Close 0.500 BTC-USD at market' });
  });

  it('a fired stop still closing (the protection band held back the rest) is canceled first, then the close is sent', async () => {
    // The whole-position SL fired: the service sized it to the 0.5 held, 0.2 filled, the band holds the rest.
    const fired = order({ id: 15, side: 'sell', qty: '0.5', fill_qty: '0.2', status: 'open', source: 'sl', order_type: 'market', price: '92000', remark: 'triggered: waiting for a price within the protection band' });
    const orders = [fired, order({ id: 14, side: 'sell', qty: '0', status: 'untriggered', source: 'tp', order_type: 'market', price: '100000' })];
    expect(closeBlockers({ symbol: 'BTC-USD', qty: '0.3' }, orders).map((o) => o.id)).toEqual([15]);
    const result = await marketClose(exchange.api, null, { position: { symbol: 'BTC-USD', qty: '0.3' }, orders, places: btc });
    expect(result).toEqual({ symbol: 'BTC-USD', kind: 'closed' });
    expect(received.map((r) => r.path)).toEqual(['/api/cancel_orders', '/api/new_order']);
    expect(received[0]!.body).toEqual({ order_id_list: [15] });
    expect(received[1]!.body).toMatchObject({ side: 'sell', qty: '0.3', reduce_only: true });
    expect(toasts().at(-1)).toMatchObject({
      kind: 'success',
      title: 'Close placed: Close 0.300 BTC-USD at market',
      body: 'Your protection was canceled first: 1 reduce-only order (SL 0.500 @ 92,000.0 (triggered, 0.200 filled)).',
    });
  });

  it('a short is bought back, and nothing is canceled when nothing blocks', async () => {
    await marketClose(exchange.api, null, { position: { symbol: 'BTC-USD', qty: '-0.25' }, orders: resting });
    expect(received.map((r) => r.path)).toEqual(['/api/new_order']);
    expect(received[0]!.body).toMatchObject({ side: 'buy', qty: '0.25', reduce_only: true });
  });

  it('a refused cancel closes nothing, and says so', async () => {
    answers['/api/cancel_orders'] = [{ refuse: 'order not found' }];
    const result = await marketClose(exchange.api, null, { position: long, orders: resting });
    expect(result.kind).toBe('refused');
    expect(received.map((r) => r.path)).toEqual(['/api/cancel_orders']);
    expect(toasts()).toEqual([{ kind: 'error', title: 'Close not sent: BTC-USD', body: expect.stringContaining('was refused: order not found. Nothing was closed.') }]);
  });

  it('no answer to the cancel is unknown, never a refusal: the close is not sent, the blockers are read back and the trader told they are canceled', async () => {
    answers['/api/cancel_orders'] = ['drop'];
    for (const id of [11, 12, 13]) fateById[id] = { status: 'canceled' };
    let rechecked = 0;
    const result = await marketClose(exchange.api, null, { position: long, orders: resting, places: btc, recheck: () => rechecked++ });
    expect(result).toMatchObject({ kind: 'unknown', detail: expect.stringContaining('The close was not sent') });
    expect(toasts()).toEqual([
      {
        kind: 'warn',
        title: 'Outcome unknown — checking…',
        body: expect.stringMatching(/^No answer to the cancel of 3 reduce-only orders \(TP 0\.300 @ 99,000\.0, SL 0\.300 @ 93,000\.0, Limit 0\.100 @ 98,000\.0\) for BTC-USD \(Cannot reach .*\)\. Asking the exchange which are still open\. The close was not sent\.$/),
      },
    ]);
    await vi.waitFor(() =>
      expect(toasts()).toEqual([
        {
          kind: 'warn',
          title: 'Protection canceled, close not sent: BTC-USD',
          body: 'Canceled: TP 0.300 @ 99,000.0, SL 0.300 @ 93,000.0, Limit 0.100 @ 98,000.0. The position is open without them: press Close again to close it at market.',
        },
      ]),
    );
    expect(asked).toEqual(['#11', '#12', '#13']);
    expect(received).toEqual([]);
    expect(rechecked).toBe(1);
    expect(JSON.stringify(toasts())).not.toMatch(/refused|rejected/i);
  });

  it.each<[string, Record<number, Partial<Order> | 'fail'>, { title: string; body: string }]>([
    [
      'one blocker is still open: says which, and to try again',
      { 11: { status: 'canceled' }, 12: { status: 'canceled' }, 13: { status: 'open' } },
      {
        title: 'Protection not all canceled, close not sent: BTC-USD',
        body: 'Still open: Limit 0.100 @ 98,000.0. Canceled: TP 0.300 @ 99,000.0, SL 0.300 @ 93,000.0. Nothing was closed: press Close to try again.',
      },
    ],
    [
      'the exchange cannot say: the outcome stays unknown, pointing at Open orders',
      { 11: { status: 'filled', fill_qty: '0.3' }, 12: 'fail', 13: { status: 'canceled' } },
      {
        title: 'Outcome still unknown: the cancel of the protection on BTC-USD',
        body: 'The exchange did not say what became of SL 0.300 @ 93,000.0 (service unavailable). Filled before the cancel: TP 0.300 @ 99,000.0. Canceled: Limit 0.100 @ 98,000.0. The close was not sent: check Open orders before closing again.',
      },
    ],
  ])('no answer to the cancel, and %s', async (_case, fates, said) => {
    answers['/api/cancel_orders'] = ['drop'];
    Object.assign(fateById, fates);
    await marketClose(exchange.api, null, { position: long, orders: resting, places: btc });
    await vi.waitFor(() => expect(toasts()).toEqual([{ kind: 'warn', ...said }]));
    expect(received).toEqual([]);
  });

  it('no answer to the cancel, then Close pressed again and placed before the check ends: the late check does not say to press Close again', async () => {
    answers['/api/cancel_orders'] = ['drop'];
    for (const id of [11, 12, 13]) fateById[id] = 'hold';
    let rechecked = 0;
    await marketClose(exchange.api, null, { position: long, orders: resting, places: btc, recheck: () => rechecked++ });
    await vi.waitFor(() => expect(held.length).toBe(3));
    // Open orders re-read meanwhile: the cancel had taken. The trader presses Close again; it is placed.
    expect(await marketClose(exchange.api, null, { position: long, orders: [], places: btc })).toEqual({ symbol: 'BTC-USD', kind: 'closed' });
    release({ status: 'canceled' });
    await vi.waitFor(() => expect(rechecked).toBe(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(toasts()).toEqual([{ kind: 'success', title: 'Close placed: Close 0.500 BTC-USD at market', body: undefined }]);
  });

  it('a close refused after the cancel says the protection is gone', async () => {
    answers['/api/new_order'] = [{ refuse: 'insufficient liquidity' }];
    const result = await marketClose(exchange.api, null, { position: long, orders: resting, places: btc });
    expect(result.kind).toBe('refused');
    // Sizes and prices at the symbol's places, as the tables show them.
    expect(toasts().at(-1)).toEqual({
      kind: 'error',
      title: 'Close refused: Close 0.500 BTC-USD at market',
      body: 'insufficient liquidity. Your protection was canceled first: 3 reduce-only orders (TP 0.300 @ 99,000.0, SL 0.300 @ 93,000.0, Limit 0.100 @ 98,000.0). The position is open without it.',
    });
  });

  it('no answer to the close: "Outcome unknown — checking…", then the exchange is asked by its cl_ord_id and says it filled', async () => {
    answers['/api/new_order'] = ['drop'];
    fate = { status: 'filled', fill_qty: '0.5', order_type: 'market' };
    const result = await marketClose(exchange.api, null, { position: long, orders: resting, places: btc });
    expect(result.kind).toBe('unknown');
    expect(toasts()).toEqual([
      {
        kind: 'warn',
        title: 'Outcome unknown — checking…',
        body: expect.stringMatching(/^Close 0\.500 BTC-USD at market: Cannot reach .*\. Asking the exchange what became of it\. Your protection was canceled first: 3 reduce-only orders/),
      },
    ]);
    await vi.waitFor(() => expect(toasts()).toEqual([{ kind: 'success', title: 'Filled: Close 0.500 BTC-USD at market', body: expect.stringContaining('It reached the exchange and filled.') }]));
    expect(asked).toEqual([expect.stringMatching(/^web-/)]);
    expect(toasts()[0]!.body).not.toMatch(/refused|rejected/i);
  });

  it('no answer to the close, and the exchange has no such order: it says the close never arrived', async () => {
    answers['/api/new_order'] = ['drop'];
    const result = await marketClose(exchange.api, null, { position: { symbol: 'BTC-USD', qty: '-0.25' }, orders: [], places: btc });
    expect(result).toMatchObject({ kind: 'unknown' });
    await vi.waitFor(() => expect(toasts()).toEqual([{ kind: 'info', title: 'Never arrived: Close 0.250 BTC-USD at market', body: expect.stringContaining('nothing was placed') }]));
  });

  it('a cancel accepted but not yet applied (headroom refusal) is retried once', async () => {
    answers['/api/new_order'] = [{ refuse: 'reduce_only qty exceeds the position headroom 0.1' }];
    const result = await marketClose(exchange.api, null, { position: long, orders: resting });
    expect(result.kind).toBe('closed');
    expect(received.map((r) => r.path)).toEqual(['/api/cancel_orders', '/api/new_order', '/api/new_order']);
  });

  it('the order stream’s refusal is the close’s outcome', async () => {
    const stream: OutcomeSource = { isLoggedIn: true, sessionId: 's', waitForOutcome: async () => ({ code: 400, message: 'no liquidity within the band' }) };
    const result = await marketClose(exchange.api, stream, { position: { symbol: 'BTC-USD', qty: '0.5' }, orders: [] });
    expect(result).toMatchObject({ kind: 'refused', detail: 'no liquidity within the band.' });
  });

  it('close all closes each position and reports the one that did not', async () => {
    answers['/api/new_order'] = ['accept', { refuse: 'symbol halted' }];
    const results = await closeAllPositions(exchange.api, null, { positions: [{ symbol: 'ETH-USD', qty: '2' }, { symbol: 'XAU-USD', qty: '-1' }], orders: resting });
    expect(results.map((r) => [r.symbol, r.kind])).toEqual([['ETH-USD', 'closed'], ['XAU-USD', 'refused']]);
    expect(received.map((r) => r.path)).toEqual(['/api/cancel_orders', '/api/new_order', '/api/new_order']);
    expect(received[0]!.body).toEqual({ order_id_list: [17] });
    expect(toasts().at(-1)).toMatchObject({ kind: 'error', title: 'Closed 1 of 2 positions', body: expect.stringContaining('XAU-USD: refused') });
  });
});

describe('a close larger than max_order_qty (the exchange refuses any order above it, reduce-only included)', () => {
  /** BTC-USD as the devnet lists it: sizes to 0.001, at most 100 in one order. */
  const split = { maxOrderQty: '100', qtyDecimals: 3 };
  const big = { symbol: 'BTC-USD', qty: '250' };
  const sent = () => received.filter((r) => r.path === '/api/new_order').map((r) => r.body);

  it('is sent in parts no larger than max_order_qty, in order, that add up to the whole position', async () => {
    const result = await marketClose(exchange.api, null, { position: big, orders: [], places: btc, split, paceMs: 0 });
    expect(result).toEqual({ symbol: 'BTC-USD', kind: 'closed' });
    expect(sent().map((b) => b.qty)).toEqual(['83.334', '83.333', '83.333']);
    for (const b of sent()) expect(b).toMatchObject({ side: 'sell', order_type: 'market', time_in_force: 'ioc', reduce_only: true });
    expect(toasts().at(-1)).toMatchObject({ kind: 'success', title: 'Close placed: Close 250.000 BTC-USD at market', body: 'In 3 orders of at most 100.000.' });
  });

  it('a short over max_order_qty after canceling its blockers: the cancel first, then the parts', async () => {
    const blocker = order({ id: 31, side: 'buy', qty: '50', price: '90000' });
    const result = await marketClose(exchange.api, null, { position: { symbol: 'BTC-USD', qty: '-150' }, orders: [blocker], places: btc, split, paceMs: 0 });
    expect(result.kind).toBe('closed');
    expect(received.map((r) => r.path)).toEqual(['/api/cancel_orders', '/api/new_order', '/api/new_order']);
    expect(sent().map((b) => [b.side, b.qty])).toEqual([['buy', '75'], ['buy', '75']]);
  });

  it('a part refused stops there: nothing more is sent, and the trader is told what was placed and what is left open', async () => {
    answers['/api/new_order'] = ['accept', { refuse: 'symbol halted' }];
    const result = await marketClose(exchange.api, null, { position: big, orders: [], places: btc, split, paceMs: 0 });
    expect(sent()).toHaveLength(2);
    expect(result).toEqual({
      symbol: 'BTC-USD',
      kind: 'partial',
      detail: 'Placed 83.334 of 250.000 (1 of 3 orders); order 2 of 3 was refused: symbol halted. 166.666 is still open.',
    });
    expect(toasts().at(-1)).toMatchObject({ kind: 'error', title: 'Close stopped: BTC-USD partly closed', body: result.detail });
  });

  it('the first part refused: refused, nothing more sent', async () => {
    answers['/api/new_order'] = [{ refuse: 'symbol halted' }];
    const result = await marketClose(exchange.api, null, { position: big, orders: [], places: btc, split, paceMs: 0 });
    expect(sent()).toHaveLength(1);
    expect(result.kind).toBe('refused');
    expect(toasts().at(-1)).toMatchObject({ kind: 'error', title: 'Close refused: Close 250.000 BTC-USD at market', body: 'Order 1 of 3 was refused: symbol halted. Nothing was closed.' });
  });

  it('no answer to a part stops there too: unknown, checked with the exchange, the rest not sent', async () => {
    answers['/api/new_order'] = ['accept', 'drop'];
    fate = { status: 'filled', fill_qty: '83.333', qty: '83.333', order_type: 'market' };
    const result = await marketClose(exchange.api, null, { position: big, orders: [], places: btc, split, paceMs: 0 });
    expect(result).toMatchObject({ kind: 'unknown', detail: expect.stringMatching(/^Placed 83\.334 of 250\.000 \(1 of 3 orders\); no answer to order 2 of 3 \(.*\); checking with the exchange whether it closed\. 83\.333 was not sent and stays open\.$/) });
    expect(sent()).toHaveLength(1);
    await vi.waitFor(() => expect(asked).toHaveLength(1));
  });

  it('close all splits each position by its own max_order_qty', async () => {
    const results = await closeAllPositions(exchange.api, null, {
      positions: [{ symbol: 'BTC-USD', qty: '120' }, { symbol: 'ETH-USD', qty: '-3' }],
      orders: [],
      splitFor: (s) => (s === 'BTC-USD' ? split : { maxOrderQty: '1', qtyDecimals: 2 }),
      paceMs: 0,
    });
    expect(results.map((r) => r.kind)).toEqual(['closed', 'closed']);
    expect(sent().map((b) => `${b.symbol} ${b.side} ${b.qty}`)).toEqual(['BTC-USD sell 60', 'BTC-USD sell 60', 'ETH-USD buy 1', 'ETH-USD buy 1', 'ETH-USD buy 1']);
  });

  it('a share of a position (Close 50 %): that much, split, within the price limit, the protection left in place', async () => {
    const result = await marketClose(exchange.api, null, {
      position: big,
      qty: dec('125'),
      orders: resting,
      places: btc,
      split,
      limitFor: (side) => (side === 'sell' ? dec('94050') : undefined),
      paceMs: 0,
    });
    expect(result.kind).toBe('closed');
    expect(received.map((r) => r.path)).toEqual(['/api/new_order', '/api/new_order']);
    expect(sent().map((b) => [b.qty, b.price, b.reduce_only])).toEqual([['62.5', '94050', true], ['62.5', '94050', true]]);
    expect(toasts().at(-1)).toMatchObject({ kind: 'success', title: 'Close placed: Close 125.000 BTC-USD at market' });
  });
});

describe('whole-position TP/SL', () => {
  it('sends reduce-only qty 0 at market (ioc) with the triggers, and says what was set', async () => {
    const outcome = await setPositionTpsl(exchange.api, null, { symbol: 'BTC-USD', positionQty: dec('0.5'), tp: dec('97000'), sl: dec('93000'), priceDecimals: 0 });
    expect(outcome.kind).toBe('done');
    expect(received[0]!.body).toMatchObject({ symbol: 'BTC-USD', side: 'sell', order_type: 'market', qty: '0', time_in_force: 'ioc', reduce_only: true, tp_price: '97000', sl_price: '93000' });
    expect(received[0]!.body.cl_ord_id).toMatch(/^web-/);
    expect(toasts().at(-1)).toMatchObject({ kind: 'success', title: 'TP/SL set: BTC-USD TP 97,000 · SL 93,000' });
  });

  it('a short’s stop alone: a buy with sl_price only', async () => {
    await setPositionTpsl(exchange.api, null, { symbol: 'BTC-USD', positionQty: dec('-0.5'), sl: dec('96000.5'), priceDecimals: 1 });
    expect(received[0]!.body).toMatchObject({ side: 'buy', qty: '0', sl_price: '96000.5' });
    expect(received[0]!.body).not.toHaveProperty('tp_price');
  });

  it('a service without the extension refuses qty 0: the app says position TP/SL is not offered there', async () => {
    answers['/api/new_order'] = [{ refuse: 'qty must be positive' }];
    const outcome = await setPositionTpsl(exchange.api, null, { symbol: 'BTC-USD', positionQty: dec('0.5'), tp: dec('97000'), priceDecimals: 0 });
    expect(outcome).toMatchObject({ kind: 'refused', unsupported: true });
    expect(toasts().at(-1)).toMatchObject({ kind: 'error', title: 'Position TP/SL is not offered by this service' });
  });

  it('another refusal is the service’s own words; no answer is unknown', async () => {
    answers['/api/new_order'] = [{ refuse: 'tp_price must be above the mark price for a sell order' }, 'drop'];
    const refused = await setPositionTpsl(exchange.api, null, { symbol: 'BTC-USD', positionQty: dec('0.5'), tp: dec('90000'), priceDecimals: 0 });
    expect(refused).toEqual({ kind: 'refused', message: 'tp_price must be above the mark price for a sell order' });
    const unknown = await setPositionTpsl(exchange.api, null, { symbol: 'BTC-USD', positionQty: dec('0.5'), tp: dec('97000'), priceDecimals: 0 });
    expect(unknown.kind).toBe('unknown');
    // Checked with the exchange (below), which has no such request here.
    await vi.waitFor(() => expect(toasts().at(-1)).toMatchObject({ title: 'TP/SL never arrived: BTC-USD TP 97,000' }));
  });

  it('no answer: "Outcome unknown — checking…", then the exchange is asked and says it was set', async () => {
    answers['/api/new_order'] = ['drop'];
    // The service records a position TP/SL request as done at once (its children are the protection).
    fate = { status: 'filled', qty: '0', order_type: 'market' };
    const outcome = await setPositionTpsl(exchange.api, null, { symbol: 'BTC-USD', positionQty: dec('0.5'), tp: dec('97000'), sl: dec('93000'), priceDecimals: 1 });
    expect(outcome.kind).toBe('unknown');
    expect(toasts()).toEqual([
      { kind: 'warn', title: 'Outcome unknown — checking…', body: expect.stringMatching(/^TP\/SL BTC-USD TP 97,000\.0 · SL 93,000\.0: Cannot reach .*\. Asking the exchange what became of it\.$/) },
    ]);
    await vi.waitFor(() => expect(toasts()).toEqual([{ kind: 'success', title: 'TP/SL set: BTC-USD TP 97,000.0 · SL 93,000.0', body: expect.stringContaining('reached the exchange') }]));
    expect(asked).toEqual([expect.stringMatching(/^web-/)]);
  });

  it('no answer, and the exchange rejected it or never saw it: said in those words', async () => {
    answers['/api/new_order'] = ['drop', 'drop'];
    fate = { status: 'rejected', qty: '0', remark: 'tp_price must be above the mark price for a sell order' };
    await setPositionTpsl(exchange.api, null, { symbol: 'BTC-USD', positionQty: dec('0.5'), tp: dec('90000'), priceDecimals: 0 });
    await vi.waitFor(() => expect(toasts()).toEqual([{ kind: 'error', title: 'TP/SL refused: BTC-USD TP 90,000', body: 'tp_price must be above the mark price for a sell order' }]));
    useToasts.setState({ toasts: [] });
    fate = 'missing';
    await setPositionTpsl(exchange.api, null, { symbol: 'BTC-USD', positionQty: dec('0.5'), tp: dec('97000'), priceDecimals: 0 });
    await vi.waitFor(() => expect(toasts()).toEqual([{ kind: 'info', title: 'TP/SL never arrived: BTC-USD TP 97,000', body: expect.stringContaining('nothing was set') }]));
  });

  it('only a qty refusal means unsupported', () => {
    expect(isPositionTpslUnsupported('qty is below min_order_qty 0.001')).toBe(true);
    expect(isPositionTpslUnsupported('order quantity too small')).toBe(true);
    expect(isPositionTpslUnsupported('reduce_only qty exceeds the position headroom 0')).toBe(false);
    expect(isPositionTpslUnsupported('reduce_only order has no position to reduce')).toBe(false);
  });
});

describe('position commands take the order stream like orders do', () => {
  it('a market close and a position TP/SL go over a logged-in order stream, signed; their outcome comes there', async () => {
    const { key } = exchange;
    useSessionStore.setState({ session: { chain: 'bsc', address: '0xabc', token: 't', expiresAt: Date.now() + 3_600_000, key }, vault: null });
    let socket!: FakeSocket<{ method: string; request_id: string; params?: string; header?: Record<string, string> }>;
    const stream = new OrderStream({ url: 'ws://x/ws-api/v1', createSocket: () => (socket = new FakeSocket()), sessionId: 's-1' });
    try {
      socket.open();
      stream.authenticate({ token: 't' });
      socket.reply({ code: 0, message: 'success', request_id: socket.sent[0]!.request_id });
      // The exchange answers every order on the socket: accepted, then success.
      const answer = () => {
        for (const f of socket.sent.filter((m) => m.method === 'order:new')) {
          socket.reply({ code: 0, status: 'accepted', request_id: f.request_id });
          socket.reply({ code: 0, message: 'success', request_id: f.request_id });
        }
      };
      const closing = marketClose(exchange.api, stream, { position: { symbol: 'BTC-USD', qty: '-0.25' }, orders: [] });
      await vi.waitFor(() => expect(socket.sent.some((m) => m.method === 'order:new')).toBe(true));
      answer();
      expect(await closing).toEqual({ symbol: 'BTC-USD', kind: 'closed' });
      const close = socket.sent.find((m) => m.method === 'order:new')!;
      expect(JSON.parse(close.params!)).toMatchObject({ side: 'buy', qty: '0.25', reduce_only: true, order_type: 'market' });
      expect(close.header!['x-request-signature']).toBeTruthy();

      const tpsl = setPositionTpsl(exchange.api, stream, { symbol: 'BTC-USD', positionQty: dec('0.5'), tp: dec('99000'), priceDecimals: 1 });
      await vi.waitFor(() => expect(socket.sent.filter((m) => m.method === 'order:new')).toHaveLength(2));
      answer();
      expect((await tpsl).kind).toBe('done');
      expect(received).toEqual([]); // nothing went over HTTP
    } finally {
      stream.close();
      useSessionStore.setState({ session: null, vault: null });
    }
  });
});
