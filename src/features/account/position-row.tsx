// One position in the positions table: its figures at the live mark, its TP / SL, the ways to close
// it, and under it the editor open for it (limit close, isolated margin, TP/SL).
import { Trans, useLingui } from '@lingui/react/macro';
import type { Order, Position } from '../../api/schemas';
import { dec, type Dec } from '../../lib/decimal';
import { show, showSigned } from '../../lib/display';
import { formatPercent } from '../../lib/format';
import { notional, returnOnEquity, unrealizedPnl } from '../../lib/perp-math';
import { firedCloses, protectionOf } from '../../lib/position-tpsl';
import { reduceOnlyHeadroom } from '../../lib/reduce-only';
import { Button } from '../../ui/button';
import { LabelledRow } from '../../ui/paged-table';
import { ROW, Td } from '../../ui/table-cells';
import { toneOf } from '../../ui/tone';
import { LimitCloseEditor, MarginEditor } from './position-editors';
import { FiredLine, Protection } from './position-protection';
import { PositionTpslEditor } from './position-tpsl-editor';
import { SharePositionButton } from './share-pnl';
import type { SymbolDecimals } from './use-symbol-decimals';

/** The editors a position row can open under it, one at a time. */
export type Panel = 'limit' | 'margin' | 'tpsl';

interface Props {
  position: Position;
  decimals: SymbolDecimals;
  mark: Dec;
  openOrders: readonly Order[];
  /** The editor open under this row, if any; `onEdit(null)` closes it. */
  editing: Panel | null;
  onEdit: (panel: Panel | null) => void;
  onSelectSymbol: (symbol: string) => void;
  onMarketClose: () => void;
  closing: boolean;
  onReverse: () => void;
  reversing: boolean;
}

export function PositionRow({ position: p, decimals: d, mark, openOrders, editing: isEditing, onEdit, onSelectSymbol, onMarketClose, closing, onReverse, reversing }: Props) {
  const { t } = useLingui();
  const qty = dec(p.qty);
  const long = qty.gt(0);
  const upnl = unrealizedPnl(qty, dec(p.entry_price), mark);
  const roe = returnOnEquity(upnl, dec(p.initial_margin));
  const headroom = reduceOnlyHeadroom({ symbol: p.symbol, positionQty: qty, orders: openOrders });
  const protection = protectionOf(p.symbol, openOrders);
  const fired = firedCloses(p.symbol, openOrders);
  const toggle = (panel: Panel) => onEdit(isEditing === panel ? null : panel);
  const leverage = p.leverage;
  const wholeSize = qty.abs().toFixed();
  const base = d.base;
  const symbol = p.symbol;
  const size = show(qty.abs(), d.qty);
  return (
    <>
      <LabelledRow className={ROW} data-testid={`position-${p.symbol}`} data-position-symbol={p.symbol} data-focus-row>
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
              onClick={onMarketClose}
              busy={closing}
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
              onClick={onReverse}
              busy={reversing}
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
      </LabelledRow>
      {isEditing && (
        <tr className="bg-panel-2/60">
          <td colSpan={11} className="px-2 py-1.5">
            {/* On a phone the table scrolls sideways: the editor stays in view at the screen's width. */}
            <div className="sticky left-2 max-w-[calc(100vw-1rem)] md:max-w-none">
              {isEditing === 'limit' && (
                <LimitCloseEditor position={p} decimals={d} mark={mark} headroom={headroom} onDone={() => onEdit(null)} />
              )}
              {isEditing === 'margin' && <MarginEditor position={p} decimals={d} onDone={() => onEdit(null)} />}
              {isEditing === 'tpsl' && (
                <PositionTpslEditor position={p} decimals={d} mark={mark} openOrders={openOrders} headroom={headroom} onDone={() => onEdit(null)} />
              )}
            </div>
          </td>
        </tr>
      )}
    </>
  );
}
