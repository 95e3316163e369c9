import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import type { Order, Position } from '../../api/schemas';
import { dec, type Dec } from '../../lib/decimal';
import { unrealizedPnl } from '../../lib/perp-math';
import { CloseAllQuestion } from './close-all-question';
import { usePositionActions } from './position-actions';
import { PositionRow, type Panel } from './position-row';
import { useCloseAllPositions, useClosingSymbols, useMarketClose } from '../../trading/use-order-commands';
import { useTradeSettings } from '../../stores/trade-settings';
import { Button } from '../../ui/button';
import { PagedTable, type Column } from '../../ui/paged-table';
import { chosenTabAround, useFocusKeeper } from '../../ui/use-focus-keeper';
import { useSymbolDecimals } from './use-symbol-decimals';

interface Props {
  positions: readonly Position[];
  openOrders: readonly Order[];
  onSelectSymbol: (symbol: string) => void;
}

/** The headings (the last one, the Close all button, is given by the table). */
const HEADINGS: { label: MessageDescriptor; title?: MessageDescriptor }[] = [
  { label: msg({ message: 'Market', context: "column: the position's market" }) },
  { label: msg`Size` },
  { label: msg`Value` },
  { label: msg`Entry` },
  { label: msg`Mark` },
  { label: msg`Liq. price`, title: msg`Liquidation price` },
  { label: msg`Margin` },
  { label: msg`uPnL (ROE)`, title: msg`Unrealized PnL at the mark price; ROE = PnL / initial margin` },
  { label: msg`Realized PnL` },
  { label: msg`TP / SL`, title: msg`Take profit / stop loss waiting on the mark (whole position, or attached to a filled order: its size), or fired and still closing` },
];

const columns = (i18n: I18n, closeAll: Column['label']): Column[] => [
  ...HEADINGS.map((h) => ({ label: i18n._(h.label), title: h.title && i18n._(h.title) })),
  { label: closeAll, cardLabel: i18n._(msg`Close at`) },
];

type Editing = { id: number; panel: Panel } | null;

/** The account's positions with live mark, PnL and ROE, and the ways to close or protect them. */
export function PositionsTable({ positions, openOrders, onSelectSymbol }: Props) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const decimalsOf = useSymbolDecimals();
  const info = useQuery(marketQueries.symbolInfo(api));
  const [editing, setEditing] = useState<Editing>(null);
  const marketClose = useMarketClose();
  const closeAll = useCloseAllPositions();
  const [confirmCloseAll, setConfirmCloseAll] = useState(false);
  const askFirst = useTradeSettings((s) => s.confirmCloseAll);
  const closing = useClosingSymbols();
  const actions = usePositionActions(openOrders, (s) => dec(info.data?.find((i) => i.symbol === s)?.min_order_qty ?? '0'));
  // A closed position leaves under the focus: it goes to the next row's Market, or the tab.
  const box = useRef<HTMLDivElement>(null);
  useFocusKeeper(box, () => chosenTabAround(box.current));
  const symbols = [...new Set(positions.map((p) => p.symbol))];
  // Marks alone: the table re-renders when a mark moves, not on every price tick of the symbols.
  const marks = useQueries({ queries: symbols.map((s) => marketQueries.markPrice(api, s)) });
  const markOf = (p: Position): Dec => {
    const live = marks[symbols.indexOf(p.symbol)]?.data;
    return dec(live ?? p.mark_price);
  };

  const runCloseAll = async (list: readonly Position[]) => {
    await closeAll.mutateAsync({ positions: list, orders: openOrders }).catch(() => undefined);
    setConfirmCloseAll(false);
  };
  const closeAllButton = (
    <Button onClick={() => (askFirst ? setConfirmCloseAll(true) : void runCloseAll(positions))} busy={closeAll.isPending} busyLabel={t`Closing…`} keepFocusWhileBusy disabled={positions.length === 0} className="text-text" data-testid="close-all" data-focus-key="close-all">
      <Trans>Close all</Trans>
    </Button>
  );

  return (
    <div ref={box} className="contents">
      {actions.dialog}
      {confirmCloseAll && (
        <CloseAllQuestion
          positions={positions}
          upnlOf={(p) => unrealizedPnl(dec(p.qty), dec(p.entry_price), markOf(p))}
          decimalsOf={decimalsOf}
          busy={closeAll.isPending}
          onClose={(list) => void runCloseAll(list)}
          onCancel={() => !closeAll.isPending && setConfirmCloseAll(false)}
        />
      )}
      <PagedTable testId="positions-table" columns={columns(i18n, closeAllButton)} rowCount={positions.length} words={{ empty: t`No open positions` }}>
        {positions.map((p) => (
          <PositionRow
            key={p.id}
            position={p}
            decimals={decimalsOf(p.symbol)}
            mark={markOf(p)}
            openOrders={openOrders}
            editing={editing?.id === p.id ? editing.panel : null}
            onEdit={(panel) => setEditing(panel ? { id: p.id, panel } : null)}
            onSelectSymbol={onSelectSymbol}
            onMarketClose={() => marketClose.mutate({ position: p, orders: openOrders })}
            closing={closing.has(p.symbol)}
            onReverse={() => void actions.reverse(p)}
            reversing={actions.reversing.has(p.symbol)}
          />
        ))}
      </PagedTable>
    </div>
  );
}
