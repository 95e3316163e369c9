import type { Order } from '../../api/schemas';
import { dec } from '../../lib/decimal';
import { show } from '../../lib/display';
import { useCancelOrder, useCancelOrders, useCancelingOrderIds } from '../../trading/use-order-commands';
import { formatDateTime } from '../../lib/time';
import { orderKind, STATUS_LABEL, TIF_LABEL } from './order-labels';
import { Empty, SmallButton, Td, Th } from './table-parts';
import { useSymbolDecimals } from './use-symbol-decimals';

/** Resting and waiting orders: cancel one, or all that are listed (cancel_orders). */
export function OpenOrdersTable({ orders }: { orders: readonly Order[] }) {
  const decimalsOf = useSymbolDecimals();
  const cancelOrder = useCancelOrder();
  const canceling = useCancelingOrderIds();
  const cancelOrders = useCancelOrders();
  const cancellingAll = cancelOrders.isPending;

  const cancelAll = () => {
    if (orders.length === 0) return;
    cancelOrders.mutate({ orders, what: `${orders.length} order${orders.length === 1 ? '' : 's'}`, refused: 'Cancel all refused' });
  };

  return (
    <table className="w-full" data-testid="open-orders-table">
      <thead>
        <tr>
          <Th>Time</Th>
          <Th align="left">Market</Th>
          <Th align="left">Type</Th>
          <Th align="left">Side</Th>
          <Th>Price / trigger</Th>
          <Th>Size</Th>
          <Th>Filled</Th>
          <Th align="left">Reduce only</Th>
          <Th align="left">TIF</Th>
          <Th align="left">Status</Th>
          <Th>
            <SmallButton onClick={cancelAll} disabled={cancellingAll || orders.length === 0} className="text-text" data-testid="cancel-all">
              {cancellingAll ? 'Cancelling…' : 'Cancel all'}
            </SmallButton>
          </Th>
        </tr>
      </thead>
      <tbody>
        {orders.length === 0 && <Empty colSpan={11}>No open orders</Empty>}
        {orders.map((o) => {
          const d = decimalsOf(o.symbol);
          return (
            <tr key={o.id} className="border-t border-line/60 hover:bg-panel-2" data-testid="open-order">
              <Td className="num text-muted">{formatDateTime(o.created_at)}</Td>
              <Td align="left" className="font-medium">{o.symbol}</Td>
              <Td align="left">{orderKind(o)}</Td>
              <Td align="left" className={o.side === 'buy' ? 'text-up' : 'text-down'}>{o.side === 'buy' ? 'Buy' : 'Sell'}</Td>
              <Td className="num">{o.order_type === 'market' && o.status !== 'untriggered' ? 'Market' : show(o.price, d.price)}</Td>
              <Td className="num">{show(o.qty, d.qty)}</Td>
              <Td className="num">{dec(o.fill_qty).isZero() ? '—' : show(o.fill_qty, d.qty)}</Td>
              <Td align="left">{o.reduce_only ? 'Yes' : 'No'}</Td>
              <Td align="left">{TIF_LABEL[o.time_in_force]}</Td>
              <Td align="left" className="text-muted">{STATUS_LABEL[o.status]}</Td>
              <Td>
                <SmallButton onClick={() => cancelOrder.mutate(o)} disabled={canceling.has(o.id)}>
                  {canceling.has(o.id) ? '…' : 'Cancel'}
                </SmallButton>
              </Td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
