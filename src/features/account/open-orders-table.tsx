import { useState } from 'react';
import type { Order } from '../../api/schemas';
import { dec } from '../../lib/decimal';
import { show } from '../../lib/display';
import { useCancelOrder, useCancelOrders, useCancelingOrderIds } from '../../trading/use-order-commands';
import { formatDateTime } from '../../lib/time';
import { orderKind, sizeLabel, STATUS_LABEL, TIF_LABEL } from './order-labels';
import { useTradeSettings } from '../../stores/trade-settings';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PagedTable, type Column } from '../../ui/paged-table';
import { ROW, Td } from '../../ui/table-cells';
import { useSymbolDecimals } from './use-symbol-decimals';

const WORDS = { empty: 'No open orders' };

/** Resting and waiting orders: cancel one, or all that are listed (cancel_orders). */
export function OpenOrdersTable({ orders }: { orders: readonly Order[] }) {
  const decimalsOf = useSymbolDecimals();
  const cancelOrder = useCancelOrder();
  const canceling = useCancelingOrderIds();
  const cancelOrders = useCancelOrders();
  const cancellingAll = cancelOrders.isPending;

  const askFirst = useTradeSettings((s) => s.confirmCancelAll);
  const [asking, setAsking] = useState(false);
  const count = `${orders.length} order${orders.length === 1 ? '' : 's'}`;
  const cancelAll = () => {
    setAsking(false);
    if (orders.length === 0) return;
    cancelOrders.mutate({ orders, what: count, refused: 'Cancel all refused' });
  };

  const columns: Column[] = [
    { label: 'Time' },
    { label: 'Market', align: 'left' },
    { label: 'Type', align: 'left' },
    { label: 'Side', align: 'left' },
    { label: 'Price / trigger' },
    { label: 'Size' },
    { label: 'Filled' },
    { label: 'Reduce only', align: 'left' },
    { label: 'TIF', align: 'left' },
    { label: 'Status', align: 'left' },
    {
      label: (
        <Button onClick={askFirst ? () => setAsking(true) : cancelAll} busy={cancellingAll} busyLabel="Cancelling…" disabled={orders.length === 0} className="text-text" data-testid="cancel-all">
          Cancel all
        </Button>
      ),
    },
  ];

  return (
    <>
      {asking && orders.length > 0 && (
        <ConfirmDialog title={`Cancel all ${count}?`} confirmLabel={`Cancel ${count}`} confirmVariant="sell" onConfirm={cancelAll} onCancel={() => setAsking(false)}>
          <p className="text-muted">Every order listed in Open orders is canceled, TP/SL waiting on the mark included.</p>
        </ConfirmDialog>
      )}
      <PagedTable testId="open-orders-table" columns={columns} rowCount={orders.length} words={WORDS}>
        {orders.map((o) => {
          const d = decimalsOf(o.symbol);
          return (
            <tr key={o.id} className={ROW} data-testid="open-order">
              <Td className="num text-muted">{formatDateTime(o.created_at)}</Td>
              <Td align="left" className="font-medium">{o.symbol}</Td>
              <Td align="left">{orderKind(o)}</Td>
              <Td align="left" className={o.side === 'buy' ? 'text-up' : 'text-down'}>{o.side === 'buy' ? 'Buy' : 'Sell'}</Td>
              <Td className="num">{o.order_type === 'market' && o.status !== 'untriggered' ? 'Market' : show(o.price, d.price)}</Td>
              <Td className="num">{sizeLabel(o.qty, show(o.qty, d.qty))}</Td>
              <Td className="num">{dec(o.fill_qty).isZero() ? '—' : show(o.fill_qty, d.qty)}</Td>
              <Td align="left">{o.reduce_only ? 'Yes' : 'No'}</Td>
              <Td align="left">{TIF_LABEL[o.time_in_force]}</Td>
              <Td align="left" className="text-muted">{STATUS_LABEL[o.status]}</Td>
              <Td>
                <Button onClick={() => cancelOrder.mutate(o)} busy={canceling.has(o.id)}>
                  Cancel
                </Button>
              </Td>
            </tr>
          );
        })}
      </PagedTable>
    </>
  );
}
