import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Fragment, useRef, useState } from 'react';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import type { Order, Position } from '../../api/schemas';
import { dec, type Dec } from '../../lib/decimal';
import { show, showSigned } from '../../lib/display';
import { toneOf } from '../../ui/tone';
import { formatPercent } from '../../lib/format';
import { notional, returnOnEquity, unrealizedPnl } from '../../lib/perp-math';
import { reduceOnlyHeadroom } from '../../lib/reduce-only';
import { firedCloses, isWholePosition, protectionOf, type FiredClose } from '../../lib/position-tpsl';
import { firedCloseWords, WAITING_FOR_BAND } from '../../ui/fired-close-words';
import { LimitCloseEditor, MarginEditor } from './position-editors';
import { usePositionActions } from './position-actions';
import { PositionTpslEditor } from './position-tpsl-editor';
import { SharePositionButton } from './share-pnl';
import { useCloseAllPositions, useClosingSymbols, useMarketClose } from '../../trading/use-order-commands';
import { useTradeSettings } from '../../stores/trade-settings';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Segmented, type Choice } from '../../ui/segmented';
import { PagedTable, type Column } from '../../ui/paged-table';
import { ROW, Td } from '../../ui/table-cells';
import { chosenAccountTab, chosenTabAround, useFocusKeeper } from '../../ui/use-focus-keeper';
import { useSymbolDecimals } from './use-symbol-decimals';
import { positionsToClose, type CloseAllWhich } from '../../lib/close-all';

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

type Panel = 'limit' | 'margin' | 'tpsl';
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
        {positions.map((p) => {
          const d = decimalsOf(p.symbol);
          const qty = dec(p.qty);
          const long = qty.gt(0);
          const mark = markOf(p);
          const upnl = unrealizedPnl(qty, dec(p.entry_price), mark);
          const roe = returnOnEquity(upnl, dec(p.initial_margin));
          const headroom = reduceOnlyHeadroom({ symbol: p.symbol, positionQty: qty, orders: openOrders });
          const protection = protectionOf(p.symbol, openOrders);
          const fired = firedCloses(p.symbol, openOrders);
          const isEditing = editing?.id === p.id ? editing.panel : null;
          const toggle = (panel: Panel) => setEditing(isEditing === panel ? null : { id: p.id, panel });
          const leverage = p.leverage;
          const wholeSize = qty.abs().toFixed();
          const base = d.base;
          const symbol = p.symbol;
          const size = show(qty.abs(), d.qty);
          return (
            <Fragment key={p.id}>
              <tr className={ROW} data-testid={`position-${p.symbol}`} data-position-symbol={p.symbol} data-focus-row>
                <Td>
                  <button type="button" onClick={() => onSelectSymbol(p.symbol)} className="font-medium hover:text-accent">
                    {p.symbol}
                  </button>{' '}
                  <span className={`rounded px-1 text-[11px] ${long ? 'bg-up/15 text-up' : 'bg-down/15 text-down'}`}>
                    {long ? <Trans>Long {leverage}×</Trans> : <Trans>Short {leverage}×</Trans>}
                  </span>
                </Td>
                <Td className={`num ${long ? 'text-up' : 'text-down'}`}>
                  {show(qty, d.qty)} {d.base}
                </Td>
                <Td className="num">{show(notional(qty, mark), 2)}</Td>
                <Td className="num">{show(p.entry_price, d.price)}</Td>
                <Td className="num">{show(mark, d.price)}</Td>
                <Td className="num text-warn">{dec(p.liq_price).isZero() ? '—' : show(p.liq_price, d.price)}</Td>
                <Td className="num">
                  {show(p.holding_margin, 2)} <span className="text-muted">{p.margin_mode === 'isolated' ? <Trans>Isolated</Trans> : <Trans>Cross</Trans>}</span>
                  {p.margin_mode === 'isolated' && (
                    <Button className="ml-1" onClick={() => toggle('margin')} aria-expanded={isEditing === 'margin'} title={t`Add or remove isolated margin`}>
                      ±
                    </Button>
                  )}
                </Td>
                <Td className={`num ${toneOf(upnl)}`}>
                  {showSigned(upnl, 2)} ({roe ? formatPercent(roe, 2, { ratio: true }) : '—'})
                </Td>
                <Td className={`num ${toneOf(p.realized_pnl)}`}>{showSigned(p.realized_pnl, 2)}</Td>
                <Td className="num" data-testid="position-tpsl">
                  <span className="inline-flex items-center gap-1 max-md:flex-wrap">
                    <span className="inline-flex flex-col items-end gap-0.5 max-md:items-start">
                      {fired.map((f) => (
                        <FiredLine key={f.order.id} fired={f} qtyDecimals={d.qty} />
                      ))}
                      {(fired.length === 0 || protection.tp.length + protection.sl.length > 0) && (
                        <Protection tp={protection.tp} sl={protection.sl} priceDecimals={d.price} qtyDecimals={d.qty} />
                      )}
                    </span>
                    <Button className="shrink-0" onClick={() => toggle('tpsl')} aria-expanded={isEditing === 'tpsl'} title={t`Set, change or remove the TP and SL of the whole position`}>
                      <Trans>Edit</Trans>
                    </Button>
                  </span>
                </Td>
                <Td>
                  <span className="inline-flex gap-1">
                    <Button
                      onClick={() => marketClose.mutate({ position: p, orders: openOrders })}
                      busy={closing.has(p.symbol)}
                      busyLabel={t`Closing…`}
                      keepFocusWhileBusy
                      data-focus-key="market-close"
                      title={t`Close all ${wholeSize} ${base} at market, reduce-only (reduce-only orders that would block it are canceled first)`}
                    >
                      <Trans>Market</Trans>
                    </Button>
                    <Button onClick={() => toggle('limit')} aria-expanded={isEditing === 'limit'} title={t`Reduce-only limit order for a size or a share of the position`}>
                      <Trans>Limit</Trans>
                    </Button>
                    <Button
                      onClick={() => void actions.reverse(p)}
                      busy={actions.reversing.has(p.symbol)}
                      busyLabel={t`Reversing…`}
                      keepFocusWhileBusy
                      data-focus-key="reverse"
                      aria-label={long ? t`Reverse ${symbol} long ${size} to short` : t`Reverse ${symbol} short ${size} to long`}
                      title={long ? t`Close the long at market and open a short of the same size (Shift+R)` : t`Close the short at market and open a long of the same size (Shift+R)`}
                    >
                      <Trans>Reverse</Trans>
                    </Button>
                    <SharePositionButton position={p} mark={mark} priceDecimals={d.price} />
                  </span>
                </Td>
              </tr>
              {isEditing && (
                <tr className="bg-panel-2/60">
                  <td colSpan={11} className="px-2 py-1.5">
                    {/* On a phone the table scrolls sideways: the editor stays in view at the screen's width. */}
                    <div className="sticky left-2 max-w-[calc(100vw-1rem)] md:max-w-none">
                      {isEditing === 'limit' && (
                        <LimitCloseEditor position={p} decimals={d} mark={mark} headroom={headroom} onDone={() => setEditing(null)} />
                      )}
                      {isEditing === 'margin' && <MarginEditor position={p} decimals={d} onDone={() => setEditing(null)} />}
                      {isEditing === 'tpsl' && (
                        <PositionTpslEditor position={p} decimals={d} mark={mark} openOrders={openOrders} headroom={headroom} onDone={() => setEditing(null)} />
                      )}
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

type Decimals = ReturnType<ReturnType<typeof useSymbolDecimals>>;

/**
 * The TP and SL prices waiting on a position, one line each. Those attached to a filled order carry
 * the size they close ("× 0.05"); the others protect the whole position, which the note beside says.
 */
function Protection({ tp, sl, priceDecimals, qtyDecimals }: { tp: readonly Order[]; sl: readonly Order[]; priceDecimals: number; qtyDecimals: number }) {
  const { t } = useLingui();
  if (tp.length === 0 && sl.length === 0) return <span className="text-muted">— / —</span>;
  const line = (label: string, tone: string, orders: readonly Order[]) =>
    orders.length > 0 && (
      <span className="block">
        <span className="text-muted">{label}</span>{' '}
        {orders.map((o, i) => (
          <span key={o.id}>
            {i > 0 && ', '}
            <span className={tone}>{show(o.price, priceDecimals)}</span>
            {!isWholePosition(o) && <span className="text-[11px] text-muted"> × {show(o.qty, qtyDecimals)}</span>}
          </span>
        ))}
      </span>
    );
  const whole = [...tp, ...sl].some(isWholePosition);
  return (
    <span className="inline-flex items-center gap-1 text-right leading-tight">
      <span>
        {line(t`TP`, 'text-up', tp)}
        {line(t`SL`, 'text-down', sl)}
      </span>
      {whole && (
        <span className="w-[46px] whitespace-normal text-left text-[10px] leading-[1.1] text-muted">
          <Trans>whole position</Trans>
        </span>
      )}
    </span>
  );
}

/**
 * A take profit or stop loss that has fired and is still closing the position: what fired, how
 * much it closed of its size, and, once the protection band holds back the rest, that it waits for
 * a price within the band (it is tried again on the next ticks). Words, not colour, say it.
 */
function FiredLine({ fired, qtyDecimals }: { fired: FiredClose<Order>; qtyDecimals: number }) {
  const { i18n } = useLingui();
  const words = i18n._(firedCloseWords(fired, qtyDecimals));
  return (
    // Wrapped to the column's usual width (like "whole position"), so on a desktop the table still fits
    // beside the pinned close buttons and the words are not hidden under them; left-aligned in a phone's card.
    <span className="block max-w-[9.5rem] whitespace-normal text-right leading-tight text-warn max-md:text-left" data-testid="position-fired-close">
      {words}
      {fired.waiting && <span className="block font-sans text-[10px] leading-[1.1] text-muted">{i18n._(WAITING_FOR_BAND)}</span>}
    </span>
  );
}

/**
 * Close all's question: all positions, or only those in profit or at a loss at the mark the table
 * shows (a new question starts from all). Without the question (Settings) Close all closes every
 * position, as it says.
 */
function CloseAllQuestion({ positions, upnlOf, decimalsOf, busy, onClose, onCancel }: { positions: readonly Position[]; upnlOf: (p: Position) => Dec; decimalsOf: (symbol: string) => Decimals; busy: boolean; onClose: (list: readonly Position[]) => void; onCancel: () => void }) {
  const { t } = useLingui();
  const [which, setWhich] = useState<CloseAllWhich>('all');
  const toClose = positionsToClose(positions, which, upnlOf);
  const count = toClose.length;
  const all = positions.length;
  const profitable = positionsToClose(positions, 'profitable', upnlOf).length;
  const losing = positionsToClose(positions, 'losing', upnlOf).length;
  const choices: Choice<CloseAllWhich>[] = [
    { value: 'all', label: t`All (${all})` },
    { value: 'profitable', label: t`Profitable (${profitable})` },
    { value: 'losing', label: t`Losing (${losing})` },
  ];
  return (
    <ConfirmDialog
      title={t`Close positions at market?`}
      confirmLabel={t`Close ${plural(count, { one: '# position', other: '# positions' })}`}
      confirmVariant="sell"
      busy={busy}
      confirmDisabled={count === 0}
      onConfirm={() => onClose(toClose)}
      onCancel={onCancel}
      fallbackFocus={chosenAccountTab}
    >
      <Segmented kind="choice" label={t`Which positions`} look="joined" choices={choices} value={which} onChange={setWhich} className="mb-2 flex" itemClassName="px-2 py-0.5" />
      <CloseAllList positions={toClose} decimalsOf={decimalsOf} />
    </ConfirmDialog>
  );
}

/** What a close-all will send: each position and its size. */
function CloseAllList({ positions, decimalsOf }: { positions: readonly Position[]; decimalsOf: (symbol: string) => Decimals }) {
  return (
    <>
      <p className="mb-2 text-muted">
        <Trans>Each position is closed with a reduce-only market order for its whole size; reduce-only orders that would block it are canceled first.</Trans>
      </p>
      <ul className="space-y-0.5" data-testid="close-all-list">
        {positions.map((p) => {
          const d = decimalsOf(p.symbol);
          const long = dec(p.qty).gt(0);
          const size = show(dec(p.qty).abs(), d.qty);
          const base = d.base;
          return (
            <li key={p.id} className="flex justify-between gap-3">
              <span className="font-medium">{p.symbol}</span>
              <span className={`num ${long ? 'text-up' : 'text-down'}`}>
                {long ? (
                  <Trans>
                    Long {size} {base}
                  </Trans>
                ) : (
                  <Trans>
                    Short {size} {base}
                  </Trans>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}
