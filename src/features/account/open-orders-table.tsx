import { Fragment, useRef, useState, type MouseEvent } from 'react';
import type { Order } from '../../api/schemas';
import { dec } from '../../lib/decimal';
import { show } from '../../lib/display';
import { useCancelOrder, useCancelOrders, useCancelingOrderIds } from '../../trading/use-order-commands';
import { modifyPhaseLabel } from '../../trading/modify-order-words';
import { useOrderModifies } from '../../trading/use-modify-order';
import { useOrderDetail } from '../../stores/order-detail';
import { formatDateTime } from '../../lib/time';
import { orderKind, priceLabel, sizeLabel, statusLabel, TIF_LABEL } from './order-labels';
import { useTradeSettings } from '../../stores/trade-settings';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PagedTable, type Column } from '../../ui/paged-table';
import { ROW, Td } from '../../ui/table-cells';
import { chosenAccountTab, chosenTabAround, useFocusKeeper } from '../../ui/use-focus-keeper';
import { actingAccount, useSessionStore } from '../../wallet/session-store';
import { ModifyNotices } from './modify-notices';
import { OrderDetailDialog } from './order-detail';
import { OrderModifyEditor } from './order-modify-editor';
import { useSymbolDecimals } from './use-symbol-decimals';
import { OrderDetailButton } from './order-detail-button';

const WORDS = { empty: 'No open orders' };

/** A resting limit order can be modified; TP/SL waiting on the mark and market orders cannot. */
const modifiable = (o: Order) => o.order_type === 'limit' && (o.status === 'new' || o.status === 'open');

/** A button inside a row acts without opening the row's detail. */
const only = (f: () => void) => (e: MouseEvent) => {
  e.stopPropagation();
  f();
};

/**
 * Resting and waiting orders: modify one (price and size, cancel-and-replace), cancel one, or all that
 * are listed (cancel_orders); a row, or its market's button (the keyboard's way), opens the order's
 * detail. When a canceled order leaves, the focus goes to the next row's Cancel, or the tab.
 */
export function OpenOrdersTable({ orders }: { orders: readonly Order[] }) {
  const decimalsOf = useSymbolDecimals();
  const openDetail = useOrderDetail((s) => s.open);
  const account = useSessionStore(actingAccount);
  const modifies = useOrderModifies();
  // The order as it was when its editor opened; it stays listed while edited even if it leaves.
  const [editing, setEditing] = useState<Order | null>(null);
  const stillOpen = editing !== null && orders.some((o) => o.id === editing.id);
  const rows = editing && !stillOpen ? [...orders, editing] : orders;
  const cancelOrder = useCancelOrder();
  const canceling = useCancelingOrderIds();
  const cancelOrders = useCancelOrders();
  const cancellingAll = cancelOrders.isPending;
  const box = useRef<HTMLDivElement>(null);
  useFocusKeeper(box, () => chosenTabAround(box.current));

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
    { label: 'Market', align: 'left', card: 'title' },
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
        <Button onClick={askFirst ? () => setAsking(true) : cancelAll} busy={cancellingAll} busyLabel="Cancelling…" keepFocusWhileBusy disabled={orders.length === 0} className="text-text" data-testid="cancel-all" data-focus-key="cancel-all">
          Cancel all
        </Button>
      ),
    },
  ];

  return (
    <div ref={box} className="contents">
      {asking && orders.length > 0 && (
        <ConfirmDialog title={`Cancel all ${count}?`} confirmLabel={`Cancel ${count}`} confirmVariant="sell" onConfirm={cancelAll} onCancel={() => setAsking(false)} fallbackFocus={chosenAccountTab}>
          <p className="text-muted">Every order listed in Open orders is canceled, TP/SL waiting on the mark included.</p>
        </ConfirmDialog>
      )}
      {account && <OrderDetailDialog account={account} />}
      <ModifyNotices />
      <PagedTable testId="open-orders-table" columns={columns} rowCount={rows.length} words={WORDS}>
        {rows.map((o) => {
          const d = decimalsOf(o.symbol);
          const gone = o === editing && !stillOpen;
          const replacing = modifies[o.id];
          const busy = replacing !== undefined && replacing.phase !== 'over';
          return (
            <Fragment key={o.id}>
              <tr
                className={`${ROW} cursor-pointer ${gone || busy ? 'opacity-60' : ''}`}
                title="Open the order's detail"
                onClick={() => openDetail(o.id)}
                data-testid="open-order"
                data-focus-row
                aria-busy={busy || undefined}
              >
                <Td className="num text-muted">{formatDateTime(o.created_at)}</Td>
                <Td align="left" className="font-medium">
                  <OrderDetailButton symbol={o.symbol} orderId={o.id} what={`${o.side} ${orderKind(o).toLowerCase()}`} onOpen={only(() => openDetail(o.id))} />
                </Td>
                <Td align="left">{orderKind(o)}</Td>
                <Td align="left" className={o.side === 'buy' ? 'text-up' : 'text-down'}>{o.side === 'buy' ? 'Buy' : 'Sell'}</Td>
                <Td className="num">{priceLabel(o, show(o.price, d.price))}</Td>
                <Td className="num">{sizeLabel(o.qty, show(o.qty, d.qty))}</Td>
                <Td className="num">{dec(o.fill_qty).isZero() ? '—' : show(o.fill_qty, d.qty)}</Td>
                <Td align="left">{o.reduce_only ? 'Yes' : 'No'}</Td>
                <Td align="left">{TIF_LABEL[o.time_in_force]}</Td>
                <Td align="left" className={busy ? 'text-warn' : 'text-muted'} data-testid="open-order-status">
                  {busy ? modifyPhaseLabel(replacing.phase) : gone ? 'No longer open' : statusLabel(o)}
                </Td>
                <Td>
                  <span className="inline-flex gap-1">
                    {modifiable(o) && !gone && (
                      <Button
                        onClick={only(() => setEditing(editing?.id === o.id ? null : o))}
                        disabled={busy || canceling.has(o.id)}
                        aria-expanded={editing?.id === o.id}
                        data-focus-key="edit"
                        title="Change the price or size (cancels the order and places the new one)"
                      >
                        Edit
                      </Button>
                    )}
                    {!gone && (
                      <Button onClick={only(() => cancelOrder.mutate(o))} busy={canceling.has(o.id)} busyLabel="Cancelling…" keepFocusWhileBusy disabled={busy} data-focus-key="cancel">
                        Cancel
                      </Button>
                    )}
                  </span>
                </Td>
              </tr>
              {editing?.id === o.id && (
                <tr className="bg-panel-2/60">
                  <td colSpan={columns.length} className="px-2 py-1.5">
                    {/* On a phone the table scrolls sideways: the editor stays in view at the screen's width. */}
                    <div className="sticky left-2 max-w-[calc(100vw-1rem)] md:max-w-none">
                      <OrderModifyEditor order={editing} stillOpen={stillOpen} decimals={d} onDone={() => setEditing(null)} />
                    </div>
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </PagedTable>
    </div>
  );
}
