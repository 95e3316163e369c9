import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import type { Order } from '../../api/schemas';
import { dec } from '../../lib/decimal';
import { show } from '../../lib/display';
import type { EditProblem } from '../../lib/order-edit-checks';
import { useModifyOrderChecks } from '../../trading/modify-order-checks';
import { useModifyOrder } from '../../trading/use-modify-order';
import { Button } from '../../ui/button';
import { chosenAccountTab } from '../../ui/use-focus-keeper';
import { useReturnFocus } from '../../ui/use-dialog-focus';
import { Field } from '../../ui/field';
import { NumericInput } from '../../ui/numeric-input';
import { asksToType, orderRuleWords } from '../../ui/order-rule-words';

interface Props {
  /** The order as it was when the editor opened: fills after that come off the new size. */
  order: Order;
  /** False once the order has left Open orders (filled or canceled meanwhile). */
  stillOpen: boolean;
  decimals: { price: number; qty: number; base: string };
  onDone: () => void;
}

/**
 * A new price and size for an open limit order, sent as cancel-and-replace. The size is what is to
 * rest from now on (fills so far stay fills). Enter or Save sends, Esc or Cancel closes; a refused
 * value stays typed with the reason under its field.
 */
export function OrderModifyEditor({ order, stillOpen, decimals, onDone }: Props) {
  const { t } = useLingui();
  // Esc, Cancel or Save close the editor: the focus goes back to the button that opened it.
  const form = useRef<HTMLFormElement>(null);
  useReturnFocus(form, chosenAccountTab);
  const resting = dec(order.qty).minus(order.fill_qty);
  const [price, setPrice] = useState(dec(order.price).toFixed(decimals.price));
  const [size, setSize] = useState(resting.toFixed(decimals.qty));
  const [tried, setTried] = useState(false);
  const { check, rules } = useModifyOrderChecks(order);
  const modify = useModifyOrder();
  const r = check(price, size);
  // "Enter a …" waits for a Save; every other reason shows as soon as it is typed.
  const { i18n } = useLingui();
  const shown = (e: EditProblem | undefined) => (e && (tried || !asksToType(e)) ? i18n._(orderRuleWords(e)) : null);

  const symbol = order.symbol;
  const base = decimals.base;
  const restingShown = show(resting, decimals.qty);
  const priceShown = show(order.price, decimals.price);
  const filledShown = show(order.fill_qty, decimals.qty);

  const save = () => {
    setTried(true);
    if (r.errors.price || r.errors.size || !r.price || !r.qty || !rules) return;
    if (r.unchanged) return onDone();
    modify.mutate({ order, price: r.price, qty: r.qty, minQty: rules.minQty, decimals });
    onDone();
  };

  return (
    <form
      ref={form}
      className="flex flex-wrap items-start gap-2"
      aria-label={order.side === 'buy' ? t`Modify buy ${symbol} order` : t`Modify sell ${symbol} order`}
      data-testid="order-modify-editor"
      onSubmit={(e) => (e.preventDefault(), save())}
      onKeyDown={(e) => e.key === 'Escape' && (e.preventDefault(), onDone())}
    >
      <span className="py-0.5 text-muted">{order.side === 'buy' ? t`Modify buy ${restingShown} @ ${priceShown}:` : t`Modify sell ${restingShown} @ ${priceShown}:`}</span>
      <Field label={t`Price`} error={shown(r.errors.price)} dense>
        <NumericInput value={price} onChange={setPrice} aria-label={t`New price`} autoFocus />
      </Field>
      <Field label={t`Size ${base}`} error={shown(r.errors.size)} hint={dec(order.fill_qty).gt(0) ? t`${filledShown} already filled stays filled` : undefined} dense>
        <NumericInput value={size} onChange={setSize} aria-label={t`New size`} />
      </Field>
      <Button type="submit" variant="soft" size="xs" className="py-1">
        <Trans>Save</Trans>
      </Button>
      <Button onClick={onDone} size="xs" className="py-1">
        <Trans>Cancel</Trans>
      </Button>
      <span className="basis-full text-[11px] text-muted">
        {stillOpen
          ? t`Cancels the order, then places the new one once the cancel is confirmed.`
          : t`This order has left Open orders (filled or canceled?): saving checks it and places nothing if it is no longer open.`}
      </span>
    </form>
  );
}
