import { useState } from 'react';
import type { Position } from '../../api/schemas';
import { dec, fitsDecimals, parseDecimalInput, type Dec } from '../../lib/decimal';
import { reducingSide } from '../../lib/reduce-only';
import { useTransferMargin } from '../../trading/use-account-commands';
import { useCancelOrders, useClosePosition } from '../../trading/use-order-commands';
import { SmallButton } from './table-parts';

interface Base {
  position: Position;
  decimals: { price: number; qty: number; base: string };
  onDone: () => void;
}

function Input({ label, value, onChange, error }: { label: string; value: string; onChange: (v: string) => void; error?: string | null }) {
  return (
    <label className="flex flex-col gap-0.5">
      <span className={`flex items-center rounded border bg-bg pl-1.5 ${error ? 'border-down' : 'border-line focus-within:border-accent'}`}>
        <span className="text-muted">{label}</span>
        <input value={value} onChange={(e) => onChange(e.target.value)} inputMode="decimal" className="num w-28 bg-transparent px-1.5 py-0.5 text-right outline-none" />
      </span>
      {error && <span className="text-[11px] text-down">{error}</span>}
    </label>
  );
}

function priceError(text: string, decimals: number): string | null {
  const v = parseDecimalInput(text);
  if (!v || v.lte(0)) return 'Enter a price above 0';
  if (!fitsDecimals(v, decimals)) return `At most ${decimals} decimals`;
  return null;
}

function qtyError(text: string, decimals: number, headroom: Dec): string | null {
  const v = parseDecimalInput(text);
  if (!v || v.lte(0)) return 'Enter a size above 0';
  if (!fitsDecimals(v, decimals)) return `At most ${decimals} decimals`;
  if (v.gt(headroom)) return `At most ${headroom.toFixed()} (position minus other reduce-only orders)`;
  return null;
}

/** Close (part of) a position with a reduce-only limit order. */
export function LimitCloseEditor({ position, decimals, onDone, mark, headroom }: Base & { mark: Dec | null; headroom: Dec }) {
  const closePosition = useClosePosition();
  const busy = closePosition.isPending;
  const [price, setPrice] = useState(mark ? mark.toFixed(decimals.price) : '');
  const [qty, setQty] = useState(headroom.toFixed());
  const side = reducingSide(dec(position.qty));
  const pe = priceError(price, decimals.price);
  const qe = qtyError(qty, decimals.qty, headroom);
  const submit = async () => {
    if (pe || qe || !side) return;
    const ok = await closePosition.mutateAsync({ symbol: position.symbol, side, qty: dec(qty), price: dec(price), what: `Close ${qty} ${position.symbol} @ ${price}` });
    if (ok) onDone();
  };
  return (
    <form className="flex flex-wrap items-start gap-2" onSubmit={(e) => (e.preventDefault(), void submit())} onKeyDown={(e) => e.key === 'Escape' && onDone()}>
      <span className="py-0.5 text-muted">Close with a reduce-only limit:</span>
      <Input label="Price" value={price} onChange={setPrice} error={pe} />
      <Input label={`Size ${decimals.base}`} value={qty} onChange={setQty} error={qe} />
      <SmallButton type="submit" disabled={busy || !!pe || !!qe}>
        {busy ? 'Sending…' : 'Place close order'}
      </SmallButton>
      <SmallButton onClick={onDone}>Cancel</SmallButton>
    </form>
  );
}

/** Add or remove isolated margin (transfer_margin: positive adds, negative removes). */
export function MarginEditor({ position, onDone }: Base) {
  const transferMargin = useTransferMargin();
  const busy = transferMargin.isPending;
  const [amount, setAmount] = useState('');
  const v = parseDecimalInput(amount);
  const error = amount === '' ? null : !v || v.lte(0) ? 'Enter an amount above 0' : !fitsDecimals(v, 6) ? 'At most 6 decimals' : null;
  const move = async (direction: 'add' | 'remove') => {
    if (!v || error) return;
    if (await transferMargin.mutateAsync({ symbol: position.symbol, amount: v, direction })) onDone();
  };
  return (
    <form className="flex flex-wrap items-start gap-2" onSubmit={(e) => (e.preventDefault(), void move('add'))} onKeyDown={(e) => e.key === 'Escape' && onDone()}>
      <span className="py-0.5 text-muted">Isolated margin {position.holding_margin} USD:</span>
      <Input label="Amount USD" value={amount} onChange={setAmount} error={error} />
      <SmallButton type="submit" disabled={busy || !v || !!error}>
        Add
      </SmallButton>
      <SmallButton onClick={() => void move('remove')} disabled={busy || !v || !!error}>
        Remove
      </SmallButton>
      <SmallButton onClick={onDone}>Cancel</SmallButton>
    </form>
  );
}

/**
 * TP/SL for an open position. The service attaches TP/SL triggers only to a new order (tp_price /
 * sl_price, created when it fills) and refuses them on reduce-only orders, so for a position we
 * offer the take profit as a resting reduce-only limit, and say how to get a stop loss.
 */
export function TpslEditor({ position, decimals, onDone, headroom }: Base & { headroom: Dec }) {
  const closePosition = useClosePosition();
  const busy = closePosition.isPending;
  const [price, setPrice] = useState('');
  const qty = dec(position.qty);
  const long = qty.gt(0);
  const side = reducingSide(qty);
  const entry = dec(position.entry_price);
  let error = price === '' ? null : priceError(price, decimals.price);
  const p = parseDecimalInput(price);
  if (!error && p && (long ? p.lte(entry) : p.gte(entry))) error = `Take profit must be ${long ? 'above' : 'below'} the entry ${position.entry_price}`;
  if (!error && headroom.lte(0)) error = 'Nothing left to reduce: other reduce-only orders cover the position';
  const submit = async () => {
    if (!p || error || !side) return;
    const ok = await closePosition.mutateAsync({ symbol: position.symbol, side, qty: headroom, price: p, what: `Take profit ${headroom.toFixed()} ${position.symbol} @ ${price}` });
    if (ok) onDone();
  };
  return (
    <form className="flex flex-wrap items-start gap-2" onSubmit={(e) => (e.preventDefault(), void submit())} onKeyDown={(e) => e.key === 'Escape' && onDone()}>
      <span className="py-0.5 text-muted">Take profit (reduce-only limit for {headroom.toFixed()} {decimals.base}):</span>
      <Input label="TP price" value={price} onChange={setPrice} error={error} />
      <SmallButton type="submit" disabled={busy || !p || !!error}>
        {busy ? 'Sending…' : 'Place take profit'}
      </SmallButton>
      <SmallButton onClick={onDone}>Cancel</SmallButton>
      <p className="basis-full text-[11px] text-muted">
        Stop-loss triggers attach to new orders only: set SL in the order form when you open or add to a position.
      </p>
    </form>
  );
}

/**
 * Reduce-only orders (TP/SL included) already cover part of the position, so a closing order
 * would exceed the spec's headroom: name them and offer to cancel them first.
 */
export function CoveredEditor({ position, decimals, onDone, covering, headroom }: Base & { covering: readonly { id: number; source: string; qty: string; price: string }[]; headroom: Dec }) {
  const cancelOrders = useCancelOrders();
  const busy = cancelOrders.isPending;
  const cancel = async () => {
    const n = covering.length;
    const what = `${n} reduce-only order${n === 1 ? '' : 's'} on ${position.symbol}`;
    if (await cancelOrders.mutateAsync({ orders: covering, what })) onDone();
  };
  const label = (o: { source: string; qty: string; price: string }) =>
    `${o.source === 'tp' ? 'TP' : o.source === 'sl' ? 'SL' : 'Limit'} ${o.qty} @ ${o.price}`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-muted">
        Reduce-only orders already cover this position ({covering.map(label).join(', ')}); only {headroom.toFixed()} {decimals.base} can be closed
        with another reduce-only order.
      </span>
      <SmallButton onClick={() => void cancel()} disabled={busy}>
        {busy ? 'Cancelling…' : 'Cancel them'}
      </SmallButton>
      <SmallButton onClick={onDone}>Keep</SmallButton>
    </div>
  );
}
