import { useRef, useState } from 'react';
import type { Position } from '../../api/schemas';
import { dec, type Dec } from '../../lib/decimal';
import { show, showUsd, USD_DECIMALS } from '../../lib/display';
import { typedDecimalOrNull } from '../../lib/parse-decimal-input';
import { reducingSide } from '../../lib/reduce-only';
import { useTransferMargin } from '../../trading/use-account-commands';
import { useClosePosition } from '../../trading/use-order-commands';
import { Button } from '../../ui/button';
import { chosenAccountTab } from '../../ui/use-focus-keeper';
import { useReturnFocus } from '../../ui/use-dialog-focus';
import { Field } from '../../ui/field';
import { NumericInput } from '../../ui/numeric-input';
import { Segmented } from '../../ui/segmented';
import { readCloseSize, SHARES, type SizeBy } from './close-size';
import { readAmount } from './read-amount';

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

function priceError(text: string, decimals: number): string | null {
  const r = readAmount(text, decimals, 'a price');
  return 'error' in r ? r.error : null;
}

/** Close (part of) a position with a reduce-only limit order: a size, or a share of the position. */
export function LimitCloseEditor({ position, decimals, onDone, mark, headroom }: Base & { mark: Dec | null; headroom: Dec }) {
  // Esc, Cancel or Save close the editor: the focus goes back to the button that opened it.
  const form = useRef<HTMLFormElement>(null);
  useReturnFocus(form, chosenAccountTab);
  const closePosition = useClosePosition();
  const busy = closePosition.isPending;
  const [price, setPrice] = useState(mark ? mark.toFixed(decimals.price) : '');
  const [size, setSize] = useState<SizeBy>({ by: 'pct', text: '100' });
  const qtyAbs = dec(position.qty).abs();
  const side = reducingSide(dec(position.qty));
  const pe = priceError(price, decimals.price);
  const s = readCloseSize(size, { position: qtyAbs, headroom, decimals: decimals.qty });
  const blocked = qtyAbs.minus(headroom);
  // Why the size stops short of the position: the other reduce-only orders already close part of it.
  const reason = blocked.gt(0)
    ? `Other reduce-only orders (TP/SL, limits) already close ${show(blocked, decimals.qty)} of ${show(qtyAbs, decimals.qty)} ${decimals.base}; at most ${show(headroom, decimals.qty)} more can be closed this way.`
    : null;
  const submit = async () => {
    const p = typedDecimalOrNull(price);
    if (pe || s.error || !s.qty || !side || !p) return;
    const ok = await closePosition.mutateAsync({ symbol: position.symbol, side, qty: s.qty, price: p, what: `Close ${show(s.qty, decimals.qty)} ${position.symbol} @ ${show(p, decimals.price)}` });
    if (ok) onDone();
  };
  return (
    <form ref={form} className="flex flex-wrap items-start gap-2" aria-label={`Limit close ${position.symbol}`} onSubmit={(e) => (e.preventDefault(), void submit())} onKeyDown={(e) => e.key === 'Escape' && onDone()}>
      <span className="py-0.5 text-muted">Close with a reduce-only limit:</span>
      <Input label="Price" value={price} onChange={setPrice} error={pe} />
      <Input label={`Size ${decimals.base}`} value={s.shownQty} onChange={(text) => setSize({ by: 'qty', text })} error={size.by === 'qty' ? s.error : null} />
      <Input label="% of position" value={s.pct} onChange={(text) => setSize({ by: 'pct', text })} error={size.by === 'pct' ? s.error : null} />
      <Segmented
        kind="choice"
        look="joined"
        label="Share of the position"
        choices={SHARES.map((v) => ({ value: v, label: `${v}%` }))}
        value={size.by === 'pct' ? size.text : ''}
        onChange={(text) => setSize({ by: 'pct', text })}
        className="flex overflow-hidden rounded border border-line"
      />
      <Button type="submit" busy={busy} busyLabel="Sending…" disabled={!!pe || !!s.error || !s.qty}>
        Place close order
      </Button>
      <Button onClick={onDone}>Cancel</Button>
      {reason && (
        <p className={`basis-full text-[11px] ${s.capped || s.error ? 'text-warn' : 'text-muted'}`} data-testid="limit-close-headroom">
          {s.capped ? `Capped at ${show(headroom, decimals.qty)} ${decimals.base}. ` : ''}
          {reason}
        </p>
      )}
    </form>
  );
}

/** Add or remove isolated margin (transfer_margin: positive adds, negative removes). */
export function MarginEditor({ position, onDone }: Base) {
  // Esc, Cancel or Save close the editor: the focus goes back to the button that opened it.
  const form = useRef<HTMLFormElement>(null);
  useReturnFocus(form, chosenAccountTab);
  const transferMargin = useTransferMargin();
  const busy = transferMargin.isPending;
  const [amount, setAmount] = useState('');
  // Margin is money: typed to the cent, as it is shown.
  const read = amount === '' ? null : readAmount(amount, USD_DECIMALS, 'an amount');
  const v = read && 'value' in read ? read.value : null;
  const error = read && 'error' in read ? read.error : null;
  const move = async (direction: 'add' | 'remove') => {
    if (!v || error) return;
    if (await transferMargin.mutateAsync({ symbol: position.symbol, amount: v, direction })) onDone();
  };
  return (
    <form ref={form} className="flex flex-wrap items-start gap-2" onSubmit={(e) => (e.preventDefault(), void move('add'))} onKeyDown={(e) => e.key === 'Escape' && onDone()}>
      <span className="py-0.5 text-muted">Isolated margin {showUsd(position.holding_margin)} USD:</span>
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
