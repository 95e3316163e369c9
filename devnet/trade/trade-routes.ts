import {
  cancelOrderBody,
  cancelOrdersBody,
  changeLeverageBody,
  changeMarginModeBody,
  klineResolution,
  marginMode,
  newOrderBody,
  orderStatus,
  orderType,
  transferMarginBody,
  walletTransferBody,
} from '../../src/api/schemas';
import type { Authenticate } from '../auth/request-auth';
import { badQuery, badRequest, HttpError } from '../http/errors';
import { enumParam, intParam, isoParam, parseBody, requiredParam } from '../http/parse';
import { json, jsonText, ok, Router, text } from '../http/server';
import type { Ledger } from '../persistence/ledger';
import type { OrderOutcomes } from '../streams/order-outcomes';

export interface Result<T> {
  ok: boolean;
  value?: T;
  code?: number;
  message?: string;
}

/** A refused command becomes its HTTP error; nothing changed in the exchange. */
export function unwrap<T>(r: { ok: true; value: T } | { ok: false; code: number; message: string }): T {
  if (!r.ok) throw new HttpError(r.code, r.message);
  return r.value;
}

const DUSD = 'DUSD';
const checkToken = (token: string | undefined) => {
  if (token !== undefined && token !== DUSD) throw badRequest(`unsupported token "${token}"; only DUSD`);
};

/** Spec §4.1, §4.2, §4.3 (perps ↔ cash transfers) and §4.4 on the trading host. */
export function tradeRoutes(deps: { ledger: Ledger; authenticate: Authenticate; outcomes: OrderOutcomes; now: () => number }): Router {
  const { ledger, authenticate, outcomes } = deps;
  const ex = () => ledger.exchange;
  const sessionOf = (h: string | string[] | undefined) => (typeof h === 'string' && h.length > 0 ? h : undefined);
  const symbolOf = (q: URLSearchParams) => requiredParam(q, 'symbol');
  /**
   * The three list responses also carry `code: 0` and `message: "success"`, which clients of the public
   * service read (decisions.md "Errors" → Leniency); the app's page schema ignores them.
   */
  const listed = <T extends object>(page: T) => json({ code: 0, message: 'success', ...page });

  return (
    new Router()
      // ---- public market data (§4.4)
      .get('/api/health', () => text('OK'))
      .get('/api/kline/time', () => json(Math.floor(deps.now() / 1000)))
      .get('/api/query_market_overview', () => json(ex().marketOverview()))
      .get('/api/query_symbol_info', (req) => json(unwrap(ex().symbolInfo(req.query.get('symbol') || undefined))))
      .get('/api/query_symbol_market', (req) => json(unwrap(ex().symbolMarket(symbolOf(req.query)))))
      .get('/api/query_symbol_price', (req) => json(unwrap(ex().symbolPrice(symbolOf(req.query)))))
      // Rendered once per change of the book, at most DEPTH_LEVELS per side, shared with the stream.
      .get('/api/query_depth_book', (req) => jsonText(unwrap(ex().depthBookText(symbolOf(req.query)))))
      .get('/api/query_recent_trades', (req) => json(unwrap(ex().recentTrades(symbolOf(req.query)))))
      .get('/api/query_funding_rates', (req) => {
        const symbol = symbolOf(req.query);
        const start = intParam(req.query, 'start_time', { required: true, min: 0 })!;
        const end = intParam(req.query, 'end_time', { required: true, min: 0 })!;
        if (end < start) throw badQuery('end_time must not be before start_time');
        return json(unwrap(ex().fundingRates(symbol, start, end)));
      })
      .get('/api/kline/history', (req) => {
        const symbol = symbolOf(req.query);
        const from = intParam(req.query, 'from', { required: true, min: 0 })!;
        const to = intParam(req.query, 'to', { required: true, min: 0 })!;
        const resolution = enumParam(req.query, 'resolution', klineResolution.options);
        if (!resolution) throw badQuery('missing query parameter "resolution"');
        const countback = intParam(req.query, 'countback', { min: 1, max: 50_000 });
        if (to < from) throw badQuery('"to" must not be before "from"');
        return json(unwrap(ex().klineHistory(symbol, from, to, resolution, countback)));
      })

      // ---- trade commands (§4.1)
      .post('/api/new_order', async (req) => {
        const caller = await authenticate(req, { signed: true });
        const body = parseBody(req.body, newOrderBody);
        const placed = unwrap(ledger.run({ op: 'newOrder', user: caller.account, params: body }));
        outcomes.routeOrder(placed.orderId, req.requestId, sessionOf(req.headers['x-session-id']), caller.account);
        return ok(req);
      })
      .post('/api/cancel_order', async (req) => {
        const caller = await authenticate(req, { signed: true });
        const body = parseBody(req.body, cancelOrderBody);
        unwrap(ledger.run({ op: 'cancelOrder', user: caller.account, params: body }));
        outcomes.reportCancel(req.requestId, sessionOf(req.headers['x-session-id']), caller.account);
        return ok(req);
      })
      .post('/api/cancel_orders', async (req) => {
        const caller = await authenticate(req, { signed: true });
        const body = parseBody(req.body, cancelOrdersBody);
        unwrap(ledger.run({ op: 'cancelOrders', user: caller.account, params: body }));
        return ok(req);
      })
      .post('/api/change_leverage', async (req) => {
        const caller = await authenticate(req, { signed: true });
        const body = parseBody(req.body, changeLeverageBody);
        unwrap(ledger.run({ op: 'changeLeverage', user: caller.account, symbol: body.symbol, leverage: body.leverage }));
        return ok(req);
      })
      .post('/api/change_margin_mode', async (req) => {
        const caller = await authenticate(req, { signed: true });
        const body = parseBody(req.body, changeMarginModeBody);
        unwrap(ledger.run({ op: 'changeMarginMode', user: caller.account, symbol: body.symbol, mode: body.margin_mode }));
        return ok(req);
      })

      // ---- user (§4.2)
      .post('/api/transfer_margin', async (req) => {
        const caller = await authenticate(req, { signed: true });
        const body = parseBody(req.body, transferMarginBody);
        unwrap(ledger.run({ op: 'transferMargin', user: caller.account, symbol: body.symbol, amount: body.amount_in }));
        return ok(req);
      })
      .get('/api/query_order', async (req) => {
        const caller = await authenticate(req, { signed: false });
        const order_id = intParam(req.query, 'order_id', { min: 0 });
        const cl_ord_id = req.query.get('cl_ord_id') || undefined;
        if (order_id === undefined && cl_ord_id === undefined) throw badQuery('order_id or cl_ord_id is required');
        return json(unwrap(ex().queryOrder(caller.account, { order_id, cl_ord_id })));
      })
      .get('/api/query_orders', async (req) => {
        const caller = await authenticate(req, { signed: false });
        const q = req.query;
        return listed(
          ex().queryOrders(caller.account, {
            symbol: q.get('symbol') || undefined,
            status: enumParam(q, 'status', orderStatus.options),
            order_type: enumParam(q, 'order_type', orderType.options),
            start: isoParam(q, 'start'),
            end: isoParam(q, 'end'),
            last_id: intParam(q, 'last_id', { min: 0 }),
            limit: intParam(q, 'limit', { min: 1, max: 500 }) ?? 100,
          }),
        );
      })
      .get('/api/query_open_orders', async (req) => {
        const caller = await authenticate(req, { signed: false });
        const q = req.query;
        return listed(
          ex().queryOpenOrders(caller.account, { symbol: q.get('symbol') || undefined, limit: intParam(q, 'limit', { min: 1, max: 1200 }) ?? 500 }),
        );
      })
      .get('/api/query_trades', async (req) => {
        const caller = await authenticate(req, { signed: false });
        const q = req.query;
        const side = q.get('side') || undefined;
        if (side !== undefined && side !== 'buy' && side !== 'sell') throw badQuery('query parameter "side" must be buy or sell');
        return listed(
          ex().queryTrades(caller.account, {
            symbol: q.get('symbol') || undefined,
            side,
            last_id: intParam(q, 'last_id', { min: 0 }),
            start: isoParam(q, 'start'),
            end: isoParam(q, 'end'),
            limit: intParam(q, 'limit', { min: 1, max: 500 }) ?? 100,
          }),
        );
      })
      .get('/api/query_funding_history', async (req) => {
        const caller = await authenticate(req, { signed: false });
        const q = req.query;
        return json(
          ex().queryFundingHistory(caller.account, {
            symbol: q.get('symbol') || undefined,
            start: isoParam(q, 'start'),
            end: isoParam(q, 'end'),
            last_id: intParam(q, 'last_id', { min: 0 }),
            limit: intParam(q, 'limit', { min: 1, max: 500 }) ?? 100,
          }),
        );
      })
      .get('/api/query_position_config', async (req) => {
        const caller = await authenticate(req, { signed: false });
        return json(unwrap(ex().queryPositionConfig(caller.account, symbolOf(req.query))));
      })
      .get('/api/query_positions', async (req) => {
        const caller = await authenticate(req, { signed: false });
        return json(ex().queryPositions(caller.account, req.query.get('symbol') || undefined));
      })
      .get('/api/query_balance', async (req) => {
        const caller = await authenticate(req, { signed: false });
        return json(ex().queryBalance(caller.account));
      })

      // ---- wallet transfers (§4.3)
      .post('/api/transfer_to_perps', async (req) => {
        const caller = await authenticate(req, { signed: true });
        const body = parseBody(req.body, walletTransferBody);
        checkToken(body.token);
        unwrap(ledger.run({ op: 'transferToPerps', user: caller.account, amount: body.amount }));
        return ok(req);
      })
      .post('/api/transfer_to_spot', async (req) => {
        const caller = await authenticate(req, { signed: true });
        const body = parseBody(req.body, walletTransferBody);
        checkToken(body.token);
        unwrap(ledger.run({ op: 'transferToSpot', user: caller.account, amount: body.amount }));
        return ok(req);
      })
  );
}

export const MARGIN_MODES = marginMode.options;
