import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../api/schemas';
import { dec } from '../lib/decimal';
import { reversePlan, type ReverseOrder } from '../lib/reverse-plan';
import { useToasts } from '../stores/toasts';
import { reversePosition } from './reverse-position';
import { localExchangeEachFile } from './testing/local-exchange';

// The reverse over real HTTP and the app's own signed client, against a small exchange that keeps
// one BTC-USD position and fills what it accepts (in full, or the share a test says): what is sent,
// in which order, where it stops, and what the trader is told.

type Answer = 'accept' | 'drop' | { refuse: string } | { fill: number };
let answers: Answer[] = [];
let cancelAnswer: Answer = 'accept';
const received: { path: string; body: Record<string, unknown> }[] = [];
/** The position in lots of 0.001. */
let lots = 0;
const exchange = localExchangeEachFile(({ url: path, text }, reply) => {
  const json = reply.send;
  if (path.startsWith('/api/query_positions')) {
    return json(200, lots === 0 ? [] : [{ ...POSITION, qty: (lots / 1000).toString() }]);
  }
  if (path.startsWith('/api/query_order')) return json(404, { code: 404, message: 'order not found', request_id: 'q' });
  const answer = path === '/api/cancel_orders' ? cancelAnswer : (answers.shift() ?? 'accept');
  if (answer === 'drop') return reply.drop();
  const body = JSON.parse(text) as Record<string, unknown>;
  received.push({ path, body });
  if (typeof answer === 'object' && 'refuse' in answer) return json(400, { code: 400, message: answer.refuse, request_id: 'r' });
  if (path === '/api/new_order') {
    const share = typeof answer === 'object' ? answer.fill : 1;
    let filled = Math.floor(Number(body.qty) * 1000 * share);
    if (body.reduce_only) filled = Math.min(filled, Math.abs(lots));
    lots += body.side === 'buy' ? filled : -filled;
  }
  json(200, { code: 0, message: 'success', request_id: `r${received.length}` });
});
afterEach(() => {
  received.length = 0;
  answers = [];
  cancelAnswer = 'accept';
  useToasts.setState({ toasts: [] });
});

const POSITION = {
  id: 1, user: 'u', symbol: 'BTC-USD', status: 'open', qty: '0', leverage: '10', margin_mode: 'cross', margin_asset: 'DUSD', entry_price: '95000',
  entry_value: '0', mark_price: '95000', position_value: '0', initial_margin: '0', holding_margin: '0', maint_margin: '0', mmr: '0',
  bankruptcy_price: '0', liq_price: '0', realized_pnl: '0', upnl: '0', time: '2026-01-01T00:00:00Z', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
};
const btc = { price: 1, qty: 3 };
const toasts = () => useToasts.getState().toasts.map((t) => ({ kind: t.kind, title: t.title, body: t.body }));
const sent = () => received.filter((r) => r.path === '/api/new_order').map((r) => `${r.body.side as string} ${r.body.qty as string}${r.body.reduce_only ? ' ro' : ''}`);

/** The plan for a position of `qty` with max_order_qty `max`, sent with a 1 % slippage cap from a mark of 95,000. */
function reverse(qty: string, max = '100', orders: Order[] = []) {
  lots = Math.round(Number(qty) * 1000);
  const plan = reversePlan({
    positionQty: dec(qty), qtyDecimals: 3, minOrderQty: '0.001', maxOrderQty: max, maxPositionSize: '1000', markPrice: dec('95000'),
    availableMargin: dec('100000000'), releasedMargin: dec('0'), leverage: 10, takerFee: '0.0004',
  });
  if (!plan.ok) throw new Error(plan.code);
  const limitFor = (side: ReverseOrder['side']) => dec(side === 'buy' ? '95950' : '94050');
  return reversePosition(exchange.api, null, { position: { symbol: 'BTC-USD', qty }, close: plan.close, open: plan.open, orders, limitFor, places: btc, paceMs: 0, settleMs: 0 });
}

function order(o: Partial<Order> & Pick<Order, 'id' | 'side' | 'qty'>): Order {
  return {
    cl_ord_id: `c${o.id}`, user: 'u', symbol: 'BTC-USD', order_type: 'limit', time_in_force: 'gtc', price: '97000', fill_qty: '0', fill_avg_price: '0',
    reduce_only: true, leverage: '10', margin: '0', avail_locked: '0', status: 'open', position_id: 1, liq_id: 0, created_block: 0, closed_block: 0,
    source: 'user', remark: '', payload: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', ...o,
  };
}

describe('reverse a position', () => {
  it('a long of 0.1: a reduce-only market sell of 0.1 at the slippage cap, then a market sell of 0.1; says it is short 0.1 now', async () => {
    const result = await reverse('0.1');
    expect(result.kind).toBe('reversed');
    expect(result.now?.toFixed()).toBe('-0.1');
    expect(sent()).toEqual(['sell 0.1 ro', 'sell 0.1']);
    expect(received[0]!.body).toMatchObject({ symbol: 'BTC-USD', order_type: 'market', time_in_force: 'ioc', price: '94050' });
    expect(toasts()).toEqual([{ kind: 'success', title: 'Reversed: BTC-USD long 0.100 → short 0.100', body: undefined }]);
  });

  it('over max_order_qty: a short of 150 is bought back in two parts and reopened long in two', async () => {
    const result = await reverse('-150');
    expect(sent()).toEqual(['buy 75 ro', 'buy 75 ro', 'buy 75', 'buy 75']);
    expect(result.now?.toFixed()).toBe('150');
  });

  it('the reduce-only orders that would block the close are canceled first, and the toast says so', async () => {
    const tp = order({ id: 11, side: 'sell', qty: '0.05', status: 'untriggered', source: 'tp', order_type: 'market', price: '99000' });
    await reverse('0.1', '100', [tp, order({ id: 12, side: 'sell', qty: '0', status: 'untriggered', source: 'sl', order_type: 'market', price: '90000' })]);
    expect(received.map((r) => r.path)).toEqual(['/api/cancel_orders', '/api/new_order', '/api/new_order']);
    expect(received[0]!.body).toEqual({ order_id_list: [11] });
    expect(toasts().at(-1)).toMatchObject({
      kind: 'success',
      body: 'Your protection was canceled first: 1 reduce-only order (TP 0.050 @ 99,000.0). The whole-position TP/SL ended with the old position: set one again for the new one.',
    });
  });

  it('a refused cancel sends nothing', async () => {
    cancelAnswer = { refuse: 'order not found' };
    const result = await reverse('0.1', '100', [order({ id: 13, side: 'sell', qty: '0.1' })]);
    expect(result.kind).toBe('not_sent');
    expect(sent()).toEqual([]);
    expect(toasts()).toEqual([{ kind: 'error', title: 'Reverse not sent: BTC-USD', body: expect.stringContaining('was refused: order not found. Nothing was closed or opened.') }]);
  });

  it('the close refused: nothing opens, the position is as it was', async () => {
    answers = [{ refuse: 'symbol halted' }];
    const result = await reverse('0.1');
    expect(sent()).toEqual(['sell 0.1 ro']);
    expect(result).toMatchObject({ kind: 'stopped' });
    expect(result.now?.toFixed()).toBe('0.1');
    expect(toasts()).toEqual([{ kind: 'error', title: 'Reverse stopped: BTC-USD now long 0.100', body: 'Closing order 1 of 1 was refused: symbol halted. Asked: short 0.100.' }]);
  });

  it('the close fills short (the book ran out within the cap): nothing opens', async () => {
    answers = [{ fill: 0.4 }];
    const result = await reverse('0.1');
    expect(sent()).toEqual(['sell 0.1 ro']);
    expect(result.now?.toFixed()).toBe('0.06');
    expect(toasts().at(-1)).toMatchObject({ title: 'Reverse stopped: BTC-USD now long 0.060', body: expect.stringContaining('did not close the whole position, so nothing was opened') });
  });

  it('closed, then the opening refused: flat, and it says nothing opened', async () => {
    answers = ['accept', { refuse: 'insufficient available margin' }];
    const result = await reverse('0.1');
    expect(result.now?.toFixed()).toBe('0');
    expect(toasts()).toEqual([
      { kind: 'error', title: 'Reverse stopped after closing: BTC-USD is flat; nothing opened', body: 'Opening order 1 of 1 was refused: insufficient available margin. Asked: short 0.100.' },
    ]);
  });

  it('an opening part refused after another opened: the trader is left smaller than asked, never larger, and nothing is sent after it', async () => {
    answers = ['accept', 'accept', 'accept', { refuse: 'insufficient available margin' }];
    const result = await reverse('0.15', '0.1');
    expect(sent()).toEqual(['sell 0.075 ro', 'sell 0.075 ro', 'sell 0.075', 'sell 0.075']);
    expect(result.now?.toFixed()).toBe('-0.075');
    expect(toasts().at(-1)).toMatchObject({ title: 'Reverse stopped: BTC-USD now short 0.075', body: 'Opening order 2 of 2 was refused: insufficient available margin. Asked: short 0.150.' });
  });

  it('no answer to an opening part, and the exchange has no such order: stopped, never a refusal', async () => {
    answers = ['accept', 'drop'];
    const result = await reverse('0.1');
    expect(result.kind).toBe('stopped');
    expect(toasts().at(-1)).toMatchObject({ title: 'Reverse stopped after closing: BTC-USD is flat; nothing opened', body: expect.stringMatching(/^No answer to opening order 1 of 1 \(/) });
    expect(JSON.stringify(toasts())).not.toMatch(/refused/);
  });
});
