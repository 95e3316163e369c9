import { useQueries } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import type { Order, Position } from '../../api/schemas';
import { dec, type Dec } from '../../lib/decimal';
import { show, showSigned } from '../../lib/display';
import { toneOf } from '../../ui/tone';
import { formatPercent } from '../../lib/format';
import { notional, returnOnEquity, unrealizedPnl } from '../../lib/perp-math';
import { reduceOnlyHeadroom, reducingSide } from '../../lib/reduce-only';
import { CoveredEditor, LimitCloseEditor, MarginEditor, TpslEditor } from './position-editors';
import { useClosePosition, useClosingSymbols } from '../../trading/use-order-commands';
import { Button } from '../../ui/button';
import { PagedTable, type Column } from '../../ui/paged-table';
import { ROW, Td } from '../../ui/table-cells';
import { useSymbolDecimals } from './use-symbol-decimals';

interface Props {
  positions: readonly Position[];
  openOrders: readonly Order[];
  onSelectSymbol: (symbol: string) => void;
}

const COLUMNS: Column[] = [
  { label: 'Market' },
  { label: 'Size' },
  { label: 'Value' },
  { label: 'Entry' },
  { label: 'Mark' },
  { label: 'Liq. price', title: 'Liquidation price' },
  { label: 'Margin' },
  { label: 'uPnL (ROE)', title: 'Unrealized PnL at the mark price; ROE = PnL / initial margin' },
  { label: 'Realized PnL' },
  { label: 'TP / SL' },
  { label: 'Close' },
];
const WORDS = { empty: 'No open positions' };

type Panel = 'limit' | 'margin' | 'tpsl' | 'covered';
type Editing = { id: number; panel: Panel } | null;

/** The account's positions with live mark, PnL and ROE, and the ways to close or protect them. */
export function PositionsTable({ positions, openOrders, onSelectSymbol }: Props) {
  const api = useApi();
  const decimalsOf = useSymbolDecimals();
  const [editing, setEditing] = useState<Editing>(null);
  const closePosition = useClosePosition();
  const closing = useClosingSymbols();
  const symbols = [...new Set(positions.map((p) => p.symbol))];
  const prices = useQueries({ queries: symbols.map((s) => marketQueries.symbolPrice(api, s)) });
  const markOf = (p: Position): Dec => {
    const live = prices[symbols.indexOf(p.symbol)]?.data?.mark_price;
    return dec(live ?? p.mark_price);
  };

  const closeAtMarket = (p: Position, headroom: Dec) => {
    const side = reducingSide(dec(p.qty));
    if (!side || headroom.lte(0)) return;
    closePosition.mutate({ symbol: p.symbol, side, qty: headroom, what: `Close ${headroom.toFixed()} ${p.symbol} at market` });
  };

  return (
    <PagedTable testId="positions-table" columns={COLUMNS} rowCount={positions.length} words={WORDS}>
      {positions.map((p) => {
        const d = decimalsOf(p.symbol);
        const qty = dec(p.qty);
        const long = qty.gt(0);
        const mark = markOf(p);
        const upnl = unrealizedPnl(qty, dec(p.entry_price), mark);
        const roe = returnOnEquity(upnl, dec(p.initial_margin));
        const headroom = reduceOnlyHeadroom({ symbol: p.symbol, positionQty: qty, orders: openOrders });
        const triggers = openOrders.filter((o) => o.symbol === p.symbol && o.status === 'untriggered');
        const tp = triggers.find((o) => o.source === 'tp');
        const sl = triggers.find((o) => o.source === 'sl');
        const isEditing = editing?.id === p.id ? editing.panel : null;
        const toggle = (panel: Panel) => setEditing(isEditing === panel ? null : { id: p.id, panel });
        const side = reducingSide(qty);
        const covering = openOrders.filter(
          (o) => o.symbol === p.symbol && o.reduce_only && o.side === side && (o.status === 'new' || o.status === 'open' || o.status === 'untriggered'),
        );
        const covered = headroom.lt(qty.abs());
        return (
          <Fragment key={p.id}>
            <tr className={ROW} data-testid={`position-${p.symbol}`}>
              <Td>
                <button type="button" onClick={() => onSelectSymbol(p.symbol)} className="font-medium hover:text-accent">
                  {p.symbol}
                </button>{' '}
                <span className={`rounded px-1 text-[11px] ${long ? 'bg-up/15 text-up' : 'bg-down/15 text-down'}`}>
                  {long ? 'Long' : 'Short'} {p.leverage}×
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
                {show(p.holding_margin, 2)} <span className="text-muted">{p.margin_mode === 'isolated' ? 'Isolated' : 'Cross'}</span>
                {p.margin_mode === 'isolated' && (
                  <Button className="ml-1" onClick={() => toggle('margin')} aria-expanded={isEditing === 'margin'} title="Add or remove isolated margin">
                    ±
                  </Button>
                )}
              </Td>
              <Td className={`num ${toneOf(upnl)}`}>
                {showSigned(upnl, 2)} ({roe ? formatPercent(roe, 2, { ratio: true }) : '—'})
              </Td>
              <Td className={`num ${toneOf(p.realized_pnl)}`}>{showSigned(p.realized_pnl, 2)}</Td>
              <Td className="num">
                <span className="text-up">{tp ? show(tp.price, d.price) : '—'}</span> / <span className="text-down">{sl ? show(sl.price, d.price) : '—'}</span>
                <Button className="ml-1" onClick={() => toggle('tpsl')} aria-expanded={isEditing === 'tpsl'}>
                  Edit
                </Button>
              </Td>
              <Td>
                <span className="inline-flex gap-1">
                  <Button
                    onClick={() => (covered ? toggle('covered') : closeAtMarket(p, headroom))}
                    busy={closing.has(p.symbol)}
                    title={covered ? 'Other reduce-only orders (incl. TP/SL) cover this position' : `Reduce-only market order for ${headroom.toFixed()}`}
                  >
                    Market
                  </Button>
                  <Button onClick={() => toggle(covered ? 'covered' : 'limit')} aria-expanded={isEditing === 'limit'} title="Reduce-only limit order">
                    Limit
                  </Button>
                </span>
              </Td>
            </tr>
            {isEditing && (
              <tr className="bg-panel-2/60">
                <td colSpan={11} className="px-2 py-1.5">
                  {isEditing === 'limit' && (
                    <LimitCloseEditor position={p} decimals={d} mark={mark} headroom={headroom} onDone={() => setEditing(null)} />
                  )}
                  {isEditing === 'margin' && <MarginEditor position={p} decimals={d} onDone={() => setEditing(null)} />}
                  {isEditing === 'covered' && (
                    <CoveredEditor position={p} decimals={d} covering={covering} headroom={headroom} onDone={() => setEditing(null)} />
                  )}
                  {isEditing === 'tpsl' && <TpslEditor position={p} decimals={d} headroom={headroom} onDone={() => setEditing(null)} />}
                </td>
              </tr>
            )}
          </Fragment>
        );
      })}
    </PagedTable>
  );
}
