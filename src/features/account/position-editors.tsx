import { useState } from 'react';
import type { Position } from '../../api/schemas';
import { dec, type Dec } from '../../lib/decimal';
import { parseTypedDecimal, typedDecimalOrNull } from '../../lib/parse-decimal-input';
import { reducingSide } from '../../lib/reduce-only';
import { useTransferMargin } from '../../trading/use-account-commands';
import { useCancelOrders, useClosePosition } from '../../trading/use-order-commands';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { NumericInput } from '../../ui/numeric-input';

interface Base {
  position: Position;
  decimals: { price: number; qty: number; base: string };
  onDone: () => void;
}

function Input({ label, value, onChange, error }: { label: string; value: string; onChange: (v: string) => void; error?: string | null }) {
  return (
    <Field label={label} error={error} dense>
      <NumericInput value={value} onChange={onChange} />
    </Field>
  );
}

/** The amount typed, or why it cannot be sent: empty, not a number, finer than `decimals`, not above 0. */
function readAmount(text: string, decimals: number, what: string): { value: Dec } | { error: string } {
  const read = parseTypedDecimal(text, { maxDecimals: decimals });
  if (!read.ok) return { error: read.reason === 'empty' ? `Enter ${what} above 0` : read.message };
  if (read.value.lte(0)) return { error: `Enter ${what} above 0` };
  return { value: read.value };
}

function priceError(text: string, decimals: number): string | null {
  const r = readAmount(text, decimals, 'a price');
  return 'error' in r ? r.error : null;
}

function qtyError(text: string, decimals: number, headroom: Dec): string | null {
  const r = readAmount(text, decimals, 'a size');
  if ('error' in r) return r.error;
  if (r.value.gt(headroom)) return `At most ${headroom.toFixed()} (position minus other reduce-only orders)`;
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
    const q = typedDecimalOrNull(qty);
    const p = typedDecimalOrNull(price);
    if (pe || qe || !side || !q || !p) return;
    const ok = await closePosition.mutateAsync({ symbol: position.symbol, side, qty: q, price: p, what: `Close ${qty} ${position.symbol} @ ${price}` });
    if (ok) onDone();
  };
  return (
    <form className="flex flex-wrap items-start gap-2" onSubmit={(e) => (e.preventDefault(), void submit())} onKeyDown={(e) => e.key === 'Escape' && onDone()}>
      <span className="py-0.5 text-muted">Close with a reduce-only limit:</span>
      <Input label="Price" value={price} onChange={setPrice} error={pe} />
      <Input label={`Size ${decimals.base}`} value={qty} onChange={setQty} error={qe} />
      <Button type="submit" busy={busy} busyLabel="Sending…" disabled={!!pe || !!qe}>
        Place close order
      </Button>
      <Button onClick={onDone}>Cancel</Button>
    </form>
  );
}

/** Add or remove isolated margin (transfer_margin: positive adds, negative removes). */
export function MarginEditor({ position, onDone }: Base) {
  const transferMargin = useTransferMargin();
  const busy = transferMargin.isPending;
  const [amount, setAmount] = useState('');
  const read = amount === '' ? null : readAmount(amount, 6, 'an amount');
  const v = read && 'value' in read ? read.value : null;
  const error = read && 'error' in read ? read.error : null;
  const move = async (direction: 'add' | 'remove') => {
    if (!v || error) return;
    if (await transferMargin.mutateAsync({ symbol: position.symbol, amount: v, direction })) onDone();
  };
  return (
    <form className="flex flex-wrap items-start gap-2" onSubmit={(e) => (e.preventDefault(), void move('add'))} onKeyDown={(e) => e.key === 'Escape' && onDone()}>
      <span className="py-0.5 text-muted">Isolated margin {position.holding_margin} USD:</span>
      <Input label="Amount USD" value={amount} onChange={setAmount} error={error} />
      <Button type="submit" disabled={busy || !v || !!error}>
        Add
      </Button>
      <Button onClick={() => void move('remove')} disabled={busy || !v || !!error}>
        Remove
      </Button>
      <Button onClick={onDone}>Cancel</Button>
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
  const p = typedDecimalOrNull(price);
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
      <Button type="submit" busy={busy} busyLabel="Sending…" disabled={!p || !!error}>
        Place take profit
      </Button>
      <Button onClick={onDone}>Cancel</Button>
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
      <Button onClick={() => void cancel()} busy={busy} busyLabel="Cancelling…">
        Cancel them
      </Button>
      <Button onClick={onDone}>Keep</Button>
    </div>
  );
}
