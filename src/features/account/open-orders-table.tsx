import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, useRef, useState, type MouseEvent } from 'react';
import type { Order } from '../../api/schemas';
import { dec } from '../../lib/decimal';
import { show } from '../../lib/display';
import { useCancelOrder, useCancelOrders, useCancelingOrderIds } from '../../trading/use-order-commands';
import { modifyPhaseLabel } from '../../trading/modify-order-words';
import { useOrderModifies } from '../../trading/use-modify-order';
import { useOrderDetail } from '../../stores/order-detail';
import { formatDateTime } from '../../lib/time';
import { orderKind, orderWhat, priceLabel, SIDE_LABEL, sizeLabel, statusLabel, tifLabel, yesNo } from './order-labels';
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

// "Cancel" here cancels an order (撤单), not a dialog: told apart by its context.
const CANCEL_ORDER = msg({ message: 'Cancel', context: 'cancel an order' });

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
  const { t, i18n } = useLingui();
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
  const count = orders.length;
  const cancelAll = () => {
    setAsking(false);
    if (orders.length === 0) return;
    cancelOrders.mutate({ orders, refused: t`Cancel all refused` });
  };

  const columns: Column[] = [
    { label: t`Time` },
    { label: t({ message: 'Market', context: 'symbol' }), align: 'left', card: 'title' },
    { label: t`Type`, align: 'left' },
    { label: t`Side`, align: 'left' },
    { label: t`Price / trigger` },
    { label: t`Size` },
    { label: t`Filled` },
    { label: t`Reduce only`, align: 'left' },
    { label: t({ message: 'TIF', comment: 'column: time in force (GTC, IOC, post only)' }), align: 'left' },
    { label: t`Status`, align: 'left' },
    {
      label: (
        <Button onClick={askFirst ? () => setAsking(true) : cancelAll} busy={cancellingAll} busyLabel={t`Cancelling…`} keepFocusWhileBusy disabled={orders.length === 0} className="text-text" data-testid="cancel-all" data-focus-key="cancel-all">
          <Trans>Cancel all</Trans>
        </Button>
      ),
    },
  ];

  return (
    <div ref={box} className="contents">
      {asking && orders.length > 0 && (
        <ConfirmDialog
          title={t`${plural(count, { one: 'Cancel all # order?', other: 'Cancel all # orders?' })}`}
          confirmLabel={t`${plural(count, { one: 'Cancel # order', other: 'Cancel # orders' })}`}
          confirmVariant="sell"
          onConfirm={cancelAll}
          onCancel={() => setAsking(false)}
          fallbackFocus={chosenAccountTab}
        >
          <p className="text-muted">
            <Trans>Every order listed in Open orders is canceled, TP/SL waiting on the mark included.</Trans>
          </p>
        </ConfirmDialog>
      )}
      {account && <OrderDetailDialog account={account} />}
      <ModifyNotices />
      <PagedTable testId="open-orders-table" columns={columns} rowCount={rows.length} words={{ empty: t`No open orders` }}>
        {rows.map((o) => {
          const d = decimalsOf(o.symbol);
          const gone = o === editing && !stillOpen;
          const replacing = modifies[o.id];
          const busy = replacing !== undefined && replacing.phase !== 'over';
          return (
            <Fragment key={o.id}>
              <tr
                className={`${ROW} cursor-pointer ${gone || busy ? 'opacity-60' : ''}`}
                title={t`Open the order's detail`}
                onClick={() => openDetail(o.id)}
                data-testid="open-order"
                data-focus-row
                aria-busy={busy || undefined}
              >
                <Td className="num text-muted">{formatDateTime(o.created_at)}</Td>
                <Td align="left" className="font-medium">
                  <OrderDetailButton symbol={o.symbol} orderId={o.id} what={i18n._(orderWhat(o))} onOpen={only(() => openDetail(o.id))} />
                </Td>
                <Td align="left">{i18n._(orderKind(o))}</Td>
                <Td align="left" className={o.side === 'buy' ? 'text-up' : 'text-down'}>{i18n._(SIDE_LABEL[o.side])}</Td>
                <Td className="num">{priceLabel(i18n, o, show(o.price, d.price))}</Td>
                <Td className="num">{sizeLabel(i18n, o.qty, show(o.qty, d.qty))}</Td>
                <Td className="num">{dec(o.fill_qty).isZero() ? '—' : show(o.fill_qty, d.qty)}</Td>
                <Td align="left">{yesNo(i18n, o.reduce_only)}</Td>
                <Td align="left">{tifLabel(i18n, o.time_in_force)}</Td>
                <Td align="left" className={busy ? 'text-warn' : 'text-muted'} data-testid="open-order-status">
                  {busy ? modifyPhaseLabel(replacing.phase) : gone ? t`No longer open` : i18n._(statusLabel(o))}
                </Td>
                <Td>
                  <span className="inline-flex gap-1">
                    {modifiable(o) && !gone && (
                      <Button
                        onClick={only(() => setEditing(editing?.id === o.id ? null : o))}
                        disabled={busy || canceling.has(o.id)}
                        aria-expanded={editing?.id === o.id}
                        data-focus-key="edit"
                        title={t`Change the price or size (cancels the order and places the new one)`}
                      >
                        <Trans>Edit</Trans>
                      </Button>
                    )}
                    {!gone && (
                      <Button onClick={only(() => cancelOrder.mutate(o))} busy={canceling.has(o.id)} busyLabel={t`Cancelling…`} keepFocusWhileBusy disabled={busy} data-focus-key="cancel">
                        {i18n._(CANCEL_ORDER)}
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
