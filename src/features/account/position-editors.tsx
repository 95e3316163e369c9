import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
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

function priceError(text: string, decimals: number): MessageDescriptor | null {
  const r = readAmount(text, decimals, 'price');
  return 'error' in r ? r.error : null;
}

/**
 * Close (part of) a position with a reduce-only order — a limit at a price, or at market — for a size
 * or a share of the position (25 / 50 / 75 / 100 %). The row's own Market button closes it all.
 */
export function LimitCloseEditor({ position, decimals, onDone, mark, headroom }: Base & { mark: Dec | null; headroom: Dec }) {
  const { t, i18n } = useLingui();
  // Esc, Cancel or Save close the editor: the focus goes back to the button that opened it.
  const form = useRef<HTMLFormElement>(null);
  useReturnFocus(form, chosenAccountTab);
  const closePosition = useClosePosition();
  const busy = closePosition.isPending;
  const [type, setType] = useState<'limit' | 'market'>('limit');
  const atMarket = type === 'market';
  const [price, setPrice] = useState(mark ? mark.toFixed(decimals.price) : '');
  const [size, setSize] = useState<SizeBy>({ by: 'pct', text: '100' });
  const qtyAbs = dec(position.qty).abs();
  const side = reducingSide(dec(position.qty));
  const peWords = atMarket ? null : priceError(price, decimals.price);
  const pe = peWords && i18n._(peWords);
  const s = readCloseSize(size, { position: qtyAbs, headroom, decimals: decimals.qty });
  const sizeError = s.error && i18n._(s.error);
  const blocked = qtyAbs.minus(headroom);
  const symbol = position.symbol;
  const base = decimals.base;
  const closed = show(blocked, decimals.qty);
  const whole = show(qtyAbs, decimals.qty);
  const left = show(headroom, decimals.qty);
  // Why the size stops short of the position: the other reduce-only orders already close part of it.
  const capped = t`Capped at ${left} ${base}.`;
  const reason = blocked.gt(0) ? t`Other reduce-only orders (TP/SL, limits) already close ${closed} of ${whole} ${base}; at most ${left} more can be closed this way.` : null;
  const submit = async () => {
    if (pe || s.error || !s.qty || !side) return;
    const qtyText = show(s.qty, decimals.qty);
    if (atMarket) {
      const ok = await closePosition.mutateAsync({ symbol, side, qty: s.qty, what: t`Close ${qtyText} ${symbol} at market` });
      if (ok) onDone();
      return;
    }
    const p = typedDecimalOrNull(price);
    if (!p) return;
    const priceText = show(p, decimals.price);
    const ok = await closePosition.mutateAsync({ symbol, side, qty: s.qty, price: p, what: t`Close ${qtyText} ${symbol} @ ${priceText}` });
    if (ok) onDone();
  };
  return (
    <form ref={form} className="flex flex-wrap items-start gap-2" aria-label={atMarket ? t`Market close ${symbol}` : t`Limit close ${symbol}`} onSubmit={(e) => (e.preventDefault(), void submit())} onKeyDown={(e) => e.key === 'Escape' && onDone()}>
      <span className="py-0.5 text-muted">
        <Trans>Close with a reduce-only order:</Trans>
      </span>
      <Segmented
        kind="choice"
        look="joined"
        label={t`Close order type`}
        choices={[
          { value: 'limit', label: t`Limit` },
          { value: 'market', label: t`Market` },
        ]}
        value={type}
        onChange={setType}
        className="flex overflow-hidden rounded border border-line"
      />
      <Segmented
        kind="choice"
        look="joined"
        label={t`Share of the position`}
        choices={SHARES.map((v) => ({ value: v, label: `${v}%` }))}
        value={size.by === 'pct' ? size.text : ''}
        onChange={(text) => setSize({ by: 'pct', text })}
        className="flex overflow-hidden rounded border border-line"
      />
      {/* Two lines, how then what: both fit beside the order form (the table itself scrolls under the pinned closes). */}
      <span className="basis-full" aria-hidden="true" />
      {!atMarket && <Input label={t`Price`} value={price} onChange={setPrice} error={pe} />}
      <Input label={t`Size ${base}`} value={s.shownQty} onChange={(text) => setSize({ by: 'qty', text })} error={size.by === 'qty' ? sizeError : null} />
      <Input label={t`% of position`} value={s.pct} onChange={(text) => setSize({ by: 'pct', text })} error={size.by === 'pct' ? sizeError : null} />
      <Button type="submit" busy={busy} busyLabel={t`Sending…`} disabled={!!pe || !!s.error || !s.qty}>
        <Trans>Place close order</Trans>
      </Button>
      <Button onClick={onDone}>
        <Trans context="dismiss a form">Cancel</Trans>
      </Button>
      {reason && (
        <p className={`basis-full text-[11px] ${s.capped || s.error ? 'text-warn' : 'text-muted'}`} data-testid="limit-close-headroom">
          {s.capped ? `${capped} ` : ''}
          {reason}
        </p>
      )}
    </form>
  );
}

/** Add or remove isolated margin (transfer_margin: positive adds, negative removes). */
export function MarginEditor({ position, onDone }: Base) {
  const { t, i18n } = useLingui();
  // Esc, Cancel or Save close the editor: the focus goes back to the button that opened it.
  const form = useRef<HTMLFormElement>(null);
  useReturnFocus(form, chosenAccountTab);
  const transferMargin = useTransferMargin();
  const busy = transferMargin.isPending;
  const [amount, setAmount] = useState('');
  // Margin is money: typed to the cent, as it is shown.
  const read = amount === '' ? null : readAmount(amount, USD_DECIMALS, 'amount');
  const v = read && 'value' in read ? read.value : null;
  const error = read && 'error' in read ? i18n._(read.error) : null;
  const margin = showUsd(position.holding_margin);
  const move = async (direction: 'add' | 'remove') => {
    if (!v || error) return;
    if (await transferMargin.mutateAsync({ symbol: position.symbol, amount: v, direction })) onDone();
  };
  return (
    <form ref={form} className="flex flex-wrap items-start gap-2" onSubmit={(e) => (e.preventDefault(), void move('add'))} onKeyDown={(e) => e.key === 'Escape' && onDone()}>
      <span className="py-0.5 text-muted">
        <Trans>Isolated margin {margin} USD:</Trans>
      </span>
      <Input label={t`Amount USD`} value={amount} onChange={setAmount} error={error} />
      <Button type="submit" disabled={busy || !v || !!error}>
        <Trans context="isolated margin">Add</Trans>
      </Button>
      <Button onClick={() => void move('remove')} disabled={busy || !v || !!error}>
        <Trans context="isolated margin">Remove</Trans>
      </Button>
      <Button onClick={onDone}>
        <Trans context="dismiss a form">Cancel</Trans>
      </Button>
    </form>
  );
}
