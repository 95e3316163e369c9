import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import type { Order, Trade } from '../../api/schemas';
import { dec } from '../../lib/decimal';
import { show } from '../../lib/display';
import { formatDateTime } from '../../lib/time';
import { useOrderDetail } from '../../stores/order-detail';
import { Modal } from '../../ui/modal';
import { chosenAccountTab } from '../../ui/use-focus-keeper';
import { ROW, Td, Th } from '../../ui/table-cells';
import { orderKind, priceLabel, sizeLabel, TIF_LABEL } from './order-labels';
import { isFiredClose } from '../../lib/position-tpsl';
import { orderTimeline, type TimelineStep } from './order-timeline';
import { fillCells } from './fill-cells';
import { useSymbolDecimals } from './use-symbol-decimals';

/** The detail of the order the store names (query_order), with its fills; mounted once per history. */
export function OrderDetailDialog({ account }: { account: string }) {
  const orderId = useOrderDetail((s) => s.orderId);
  const close = useOrderDetail((s) => s.close);
  // The history that shows it may be left (another tab): the detail goes with it.
  useEffect(() => close, [close]);
  if (orderId === null) return null;
  return (
    <Modal title={`Order ${orderId}`} onClose={close} fallbackFocus={chosenAccountTab} testId="order-detail" width="max-h-[84vh] max-w-[640px] overflow-y-auto">
      <OrderDetailBody account={account} orderId={orderId} />
    </Modal>
  );
}

function OrderDetailBody({ account, orderId }: { account: string; orderId: number }) {
  const api = useApi();
  const order = useQuery(userQueries.order(api, account, { order_id: orderId }));
  const fills = useQuery(userQueries.orderFills(api, account, order.data));
  if (order.isError) return <p className="text-error">Order unavailable: {order.error.message}</p>;
  if (!order.data) return <p className="text-muted">Loading order…</p>;
  return <OrderFacts order={order.data} fills={fills} />;
}

function OrderFacts({ order: o, fills }: { order: Order; fills: UseQueryResult<Trade[]> }) {
  const d = useSymbolDecimals()(o.symbol);
  const steps = orderTimeline(o, fills.data ?? []);
  const fact = (label: string, value: string, tone = '', wide = false) => (
    <div className={`flex justify-between gap-2 ${wide ? 'col-span-2' : ''}`}>
      <dt className="text-muted">{label}</dt>
      <dd className={`num ${tone}`}>{value}</dd>
    </div>
  );
  return (
    <>
      <dl className="mb-3 grid grid-cols-2 gap-x-6 gap-y-1">
        {fact('Market', o.symbol)}
        {fact('Side', o.side === 'buy' ? 'Buy' : 'Sell', o.side === 'buy' ? 'text-up' : 'text-down')}
        {fact('Type', `${orderKind(o)} · ${TIF_LABEL[o.time_in_force]}${o.reduce_only ? ' · Reduce only' : ''}`)}
        {fact('Price', o.order_type === 'market' && o.source === 'user' ? `Market (limit ${show(o.price, d.price)})` : isFiredClose(o) ? priceLabel(o, show(o.price, d.price)) : show(o.price, d.price))}
        {fact('Size', sizeLabel(o.qty, `${show(o.qty, d.qty)} ${d.base}`))}
        {fact('Filled', `${show(o.fill_qty, d.qty)} ${d.base}`)}
        {fact('Avg. fill price', dec(o.fill_qty).isZero() ? '—' : show(o.fill_avg_price, d.price))}
        {fact('Created', formatDateTime(o.created_at))}
        {fact('Client order id', o.cl_ord_id || '—', 'text-muted', true)}
      </dl>
      <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">Status</h3>
      <ol className="mb-3 border-l border-line pl-3" data-testid="order-timeline">
        {steps.map((s, i) => (
          <li key={i} className="relative py-0.5">
            <span className={`absolute -left-[17px] top-[7px] h-2 w-2 rounded-full ${dot(s)}`} />
            {s.time === null ? (
              <span className="num mr-2 text-muted" title="The order does not say when it fired">
                —
              </span>
            ) : (
              <span className="num mr-2 text-muted">{formatDateTime(s.time)}</span>
            )}
            <span className={s.kind === 'final' && s.label === 'Rejected' ? 'text-error' : ''}>{s.label}</span>
            {s.fill && (
              <span className="num">
                {' '}
                {show(s.fill.qty, d.qty)} @ {show(s.fill.price, d.price)}
              </span>
            )}
            {s.kind === 'now' && <span className="text-muted"> (now)</span>}
            {s.remark && <span className="text-muted"> · {s.remark}</span>}
          </li>
        ))}
      </ol>
      <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">Fills</h3>
      {fills.isError ? (
        <p className="text-error">Fills unavailable: {fills.error.message}</p>
      ) : fills.isLoading ? (
        <p className="text-muted">Loading fills…</p>
      ) : (fills.data ?? []).length === 0 ? (
        <p className="text-muted">No fills</p>
      ) : (
        <table className="w-full" data-testid="order-fills">
          <thead>
            <tr>
              <Th>Time</Th>
              <Th>Price</Th>
              <Th>Size</Th>
              <Th>Value</Th>
              <Th>Fee</Th>
              <Th>Realized PnL</Th>
            </tr>
          </thead>
          <tbody>
            {(fills.data ?? []).map((t) => (
              <tr key={t.id} className={ROW}>
                <Td className="num text-muted">{formatDateTime(t.created_at)}</Td>
                {fillCells(t, d)}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function dot(s: TimelineStep): string {
  if (s.kind === 'fill') return 'bg-ok';
  if (s.kind === 'final') return s.label === 'Rejected' ? 'bg-error' : s.label === 'Canceled' ? 'bg-muted' : 'bg-ok';
  return 'bg-accent';
}
