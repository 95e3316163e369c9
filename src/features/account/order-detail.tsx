import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import type { Order, Trade } from '../../api/schemas';
import type { OrderFills } from '../../lib/order-fills';
import { dec } from '../../lib/decimal';
import { show } from '../../lib/display';
import { formatDateTime } from '../../lib/time';
import { useOrderDetail } from '../../stores/order-detail';
import { Modal } from '../../ui/modal';
import { chosenAccountTab } from '../../ui/use-focus-keeper';
import { ROW, Td, Th } from '../../ui/table-cells';
import { orderKind, priceLabel, SIDE_LABEL, sizeLabel, tifLabel } from './order-labels';
import { isFiredClose } from '../../lib/position-tpsl';
import { orderTimeline, type TimelineStep } from './order-timeline';
import { fillCells } from './fill-cells';
import { useSymbolDecimals } from './use-symbol-decimals';

// The dialog's size: Modal's `width` is a class name.
const dialogClassName = 'max-h-[84vh] max-w-[640px] overflow-y-auto';

/** The detail of the order the store names (query_order), with its fills; mounted once per history. */
export function OrderDetailDialog({ account }: { account: string }) {
  const orderId = useOrderDetail((s) => s.orderId);
  const close = useOrderDetail((s) => s.close);
  // The history that shows it may be left (another tab): the detail goes with it.
  useEffect(() => close, [close]);
  const { t } = useLingui();
  if (orderId === null) return null;
  return (
    <Modal title={t`Order ${orderId}`} onClose={close} fallbackFocus={chosenAccountTab} testId="order-detail" width={dialogClassName}>
      <OrderDetailBody account={account} orderId={orderId} />
    </Modal>
  );
}

function OrderDetailBody({ account, orderId }: { account: string; orderId: number }) {
  const api = useApi();
  const order = useQuery(userQueries.order(api, account, { order_id: orderId }));
  const fills = useQuery(userQueries.orderFills(api, account, order.data));
  if (order.isError) {
    const reason = order.error.message;
    return (
      <p className="text-error">
        <Trans>Order unavailable: {reason}</Trans>
      </p>
    );
  }
  if (!order.data) {
    return (
      <p className="text-muted">
        <Trans>Loading order…</Trans>
      </p>
    );
  }
  return <OrderFacts order={order.data} fills={fills} />;
}

function OrderFacts({ order: o, fills }: { order: Order; fills: UseQueryResult<OrderFills<Trade>> }) {
  const { t, i18n } = useLingui();
  const d = useSymbolDecimals()(o.symbol);
  const read = fills.data?.fills ?? [];
  const steps = orderTimeline(o, read);
  const price = show(o.price, d.price);
  const kinds = [i18n._(orderKind(o)), tifLabel(i18n, o.time_in_force), ...(o.reduce_only ? [t`Reduce only`] : [])];
  const size = `${show(o.qty, d.qty)} ${d.base}`;
  const fillsError = fills.error?.message ?? '';
  const fact = (label: string, value: string, tone = '', wide = false) => (
    <div className={`flex justify-between gap-2 ${wide ? 'col-span-2' : ''}`}>
      <dt className="text-muted">{label}</dt>
      <dd className={`num ${tone}`}>{value}</dd>
    </div>
  );
  return (
    <>
      <dl className="mb-3 grid grid-cols-2 gap-x-6 gap-y-1">
        {fact(t({ message: 'Market', context: 'symbol' }), o.symbol)}
        {fact(t`Side`, i18n._(SIDE_LABEL[o.side]), o.side === 'buy' ? 'text-up' : 'text-down')}
        {fact(t`Type`, kinds.join(' · '))}
        {fact(t`Price`, o.order_type === 'market' && o.source === 'user' ? t`Market (limit ${price})` : isFiredClose(o) ? priceLabel(i18n, o, price) : price)}
        {fact(t`Size`, sizeLabel(i18n, o.qty, size))}
        {fact(t`Filled`, `${show(o.fill_qty, d.qty)} ${d.base}`)}
        {fact(t`Avg. fill price`, dec(o.fill_qty).isZero() ? '—' : show(o.fill_avg_price, d.price))}
        {fact(t`Created`, formatDateTime(o.created_at))}
        {fact(t`Client order id`, o.cl_ord_id || '—', 'text-muted', true)}
      </dl>
      <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">
        <Trans>Status</Trans>
      </h3>
      <ol className="mb-3 border-l border-line pl-3" data-testid="order-timeline">
        {steps.map((s, i) => (
          <li key={i} className="relative py-0.5">
            <span className={`absolute -left-[17px] top-[7px] h-2 w-2 rounded-full ${dot(s)}`} />
            {s.time === null ? (
              <span className="num mr-2 text-muted" title={t`The order does not say when it fired`}>
                —
              </span>
            ) : (
              <span className="num mr-2 text-muted">{formatDateTime(s.time)}</span>
            )}
            <span className={s.kind === 'final' && s.status === 'rejected' ? 'text-error' : ''}>{i18n._(s.label)}</span>
            {s.fill && (
              <span className="num">
                {' '}
                {show(s.fill.qty, d.qty)} @ {show(s.fill.price, d.price)}
              </span>
            )}
            {s.kind === 'now' && <span className="text-muted"> {t`(now)`}</span>}
            {s.remark && <span className="text-muted"> · {s.remark}</span>}
          </li>
        ))}
      </ol>
      <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">
        <Trans>Fills</Trans>
      </h3>
      {fills.isError ? (
        <p className="text-error">{t`Fills unavailable: ${fillsError}`}</p>
      ) : fills.isLoading ? (
        <p className="text-muted">
          <Trans>Loading fills…</Trans>
        </p>
      ) : read.length === 0 ? (
        !fills.data?.cut && (
          <p className="text-muted">
            <Trans>No fills</Trans>
          </p>
        )
      ) : (
        <table className="w-full" data-testid="order-fills">
          <thead>
            <tr>
              <Th>
                <Trans>Time</Trans>
              </Th>
              <Th>
                <Trans>Price</Trans>
              </Th>
              <Th>
                <Trans>Size</Trans>
              </Th>
              <Th>
                <Trans>Value</Trans>
              </Th>
              <Th>
                <Trans>Fee</Trans>
              </Th>
              <Th>
                <Trans>Realized PnL</Trans>
              </Th>
            </tr>
          </thead>
          <tbody>
            {read.map((t) => (
              <tr key={t.id} className={ROW}>
                <Td className="num text-muted">{formatDateTime(t.created_at)}</Td>
                {fillCells(t, d)}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {fills.data?.cut && <CutNote fills={read} filled={o.fill_qty} qtyDecimals={d.qty} base={d.base} />}
    </>
  );
}

/** The fills read stopped short of what the order filled (lib/order-fills.ts): said, so a part is never taken for the whole. */
function CutNote({ fills, filled: filledQty, qtyDecimals, base }: { fills: readonly Trade[]; filled: string; qtyDecimals: number; base: string }) {
  const found = `${show(fills.reduce((q, t) => q.plus(dec(t.qty).abs()), dec(0)), qtyDecimals)} ${base}`;
  const filled = `${show(filledQty, qtyDecimals)} ${base}`;
  return (
    <p className="mt-1 text-muted" data-testid="order-fills-cut">
      <Trans>
        The fills read add up to {found} of the {filled} filled: older ones were left unread (Trade history lists every fill).
      </Trans>
    </p>
  );
}

function dot(s: TimelineStep): string {
  if (s.kind === 'fill') return 'bg-ok';
  if (s.kind === 'final') return s.status === 'rejected' ? 'bg-error' : s.status === 'canceled' ? 'bg-muted' : 'bg-ok';
  return 'bg-accent';
}
