import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import type { Order, Position } from '../../api/schemas';
import { dec, type Dec } from '../../lib/decimal';
import { show, showSigned } from '../../lib/display';
import { formatPercent } from '../../lib/format';
import { isWholePosition, protectionOf, type TriggerKind } from '../../lib/position-tpsl';
import { reducingSide } from '../../lib/reduce-only';
import { useCancelOrder, useClosePosition, useSetPositionTpsl } from '../../trading/use-order-commands';
import { Button } from '../../ui/button';
import { chosenAccountTab } from '../../ui/use-focus-keeper';
import { useReturnFocus } from '../../ui/use-dialog-focus';
import { Field } from '../../ui/field';
import { NumericInput } from '../../ui/numeric-input';
import { toneOf } from '../../ui/tone';
import { EMPTY_LEG, readLeg, USD_PLACES, type Leg, type LegContext, type LegSource, type ReadLeg } from './tpsl-leg';

interface Props {
  position: Position;
  decimals: { price: number; qty: number; base: string };
  mark: Dec;
  openOrders: readonly Order[];
  /** What a reduce-only limit take-profit may still close (the fallback where position TP/SL is not offered). */
  headroom: Dec;
  onDone: () => void;
}

/** Each leg's words: its title, each field's label and accessible name (the label with the leg's title), its Remove. */
const LABELS: Record<TriggerKind, { title: MessageDescriptor; fields: Record<LegSource, { label: MessageDescriptor; name: MessageDescriptor }>; remove: MessageDescriptor; tone: string }> = {
  tp: {
    title: msg`Take profit`,
    fields: {
      price: { label: msg`Trigger`, name: msg`Take profit Trigger` },
      roe: { label: msg`ROE %`, name: msg`Take profit ROE %` },
      pnl: { label: msg`Profit USD`, name: msg`Take profit Profit USD` },
    },
    remove: msg`Remove Take profit`,
    tone: 'text-up',
  },
  sl: {
    title: msg`Stop loss`,
    fields: {
      price: { label: msg`Trigger`, name: msg`Stop loss Trigger` },
      roe: { label: msg`Loss %`, name: msg`Stop loss Loss %` },
      pnl: { label: msg`Loss USD`, name: msg`Stop loss Loss USD` },
    },
    remove: msg`Remove Stop loss`,
    tone: 'text-down',
  },
};

/**
 * TP and SL on the whole open position (decisions.md "TP/SL and position protection"): set, change or
 * remove either at any time, by trigger price, ROE % or PnL amount — typing one shows the other two —
 * with the expected PnL at the trigger. Where the service does not offer it, say so, keep the values
 * and offer the take profit as a reduce-only limit.
 */
export function PositionTpslEditor({ position, decimals, mark, openOrders, headroom, onDone }: Props) {
  const { t } = useLingui();
  // Esc, Cancel or Save close the editor: the focus goes back to the button that opened it.
  const form = useRef<HTMLFormElement>(null);
  useReturnFocus(form, chosenAccountTab);
  const qty = dec(position.qty);
  const long = qty.gt(0);
  const protection = protectionOf(position.symbol, openOrders);
  const whole = { tp: protection.tp.find(isWholePosition), sl: protection.sl.find(isWholePosition) };
  const attached = [...protection.tp, ...protection.sl].filter((o) => !isWholePosition(o));
  const startLeg = (o: Order | undefined): Leg => (o ? { by: 'price', text: dec(o.price).toFixed(decimals.price) } : EMPTY_LEG);
  const [legs, setLegs] = useState<Record<TriggerKind, Leg>>(() => ({ tp: startLeg(whole.tp), sl: startLeg(whole.sl) }));
  const [unsupported, setUnsupported] = useState<string | null>(null);
  const setTpsl = useSetPositionTpsl();
  const cancelOrder = useCancelOrder();
  const busy = setTpsl.isPending || cancelOrder.isPending;

  const context = (kind: TriggerKind): LegContext => ({ kind, qty, entry: dec(position.entry_price), margin: dec(position.initial_margin), mark, priceDecimals: decimals.price });
  const read = { tp: readLeg(legs.tp, context('tp')), sl: readLeg(legs.sl, context('sl')) };
  const edit = (kind: TriggerKind, by: LegSource) => (text: string) => setLegs((l) => ({ ...l, [kind]: { by, text } }));

  // What Save sends: the legs that changed, and the cancel of a child whose field was emptied.
  const empty = (kind: TriggerKind) => legs[kind].text.trim() === '';
  const changed = (kind: TriggerKind) => !!read[kind].trigger && !(whole[kind] && read[kind].trigger!.eq(dec(whole[kind].price)));
  const toRemove = (['tp', 'sl'] as const).filter((k) => empty(k) && whole[k]);
  const hasError = !!read.tp.error || !!read.sl.error;
  const nothingToDo = !changed('tp') && !changed('sl') && toRemove.length === 0;

  const remove = async (kind: TriggerKind) => {
    const child = whole[kind];
    if (!child) return false;
    const ok = await cancelOrder.mutateAsync(child);
    if (ok) setLegs((l) => ({ ...l, [kind]: EMPTY_LEG }));
    return ok;
  };
  const save = async () => {
    if (hasError || nothingToDo || busy) return;
    for (const kind of toRemove) if (!(await remove(kind))) return;
    if (changed('tp') || changed('sl')) {
      // Both legs go together, so whichever way the service replaces, what stays is what is on screen.
      const outcome = await setTpsl.mutateAsync({ symbol: position.symbol, positionQty: qty, tp: read.tp.trigger ?? undefined, sl: read.sl.trigger ?? undefined, priceDecimals: decimals.price });
      if (outcome.kind === 'refused') {
        if (outcome.unsupported) setUnsupported(outcome.message);
        return;
      }
    }
    onDone();
  };

  const symbol = position.symbol;
  const base = decimals.base;
  const size = show(qty.abs(), decimals.qty);
  const entry = show(position.entry_price, decimals.price);
  const markText = show(mark, decimals.price);
  const attachedList = attached
    .map((o) => {
      const price = show(o.price, decimals.price);
      const closes = show(o.qty, decimals.qty);
      return o.source === 'tp' ? t`TP ${price} for ${closes}` : t`SL ${price} for ${closes}`;
    })
    .join(', ');
  return (
    <form
      ref={form}
      className="flex flex-col gap-1.5"
      aria-label={t`TP/SL for ${symbol}`}
      data-testid="position-tpsl-editor"
      onSubmit={(e) => (e.preventDefault(), void save())}
      onKeyDown={(e) => e.key === 'Escape' && onDone()}
    >
      <p className="text-muted">
        {long ? (
          <Trans>
            TP/SL for the whole long {size} {base} {symbol} · entry <span className="num text-text">{entry}</span> · mark <span className="num text-text">{markText}</span> · closes
            whatever the position is when it triggers, at market
          </Trans>
        ) : (
          <Trans>
            TP/SL for the whole short {size} {base} {symbol} · entry <span className="num text-text">{entry}</span> · mark <span className="num text-text">{markText}</span> · closes
            whatever the position is when it triggers, at market
          </Trans>
        )}
      </p>
      {(['tp', 'sl'] as const).map((kind) => (
        <LegRow key={kind} kind={kind} leg={legs[kind]} read={read[kind]} onEdit={edit} existing={whole[kind]} decimals={decimals} busy={busy} onRemove={() => void remove(kind)} />
      ))}
      {attached.length > 0 && (
        <p className="text-[11px] text-muted">
          <Trans>Also waiting, attached to filled orders: {attachedList} (Open orders)</Trans>
        </p>
      )}
      {unsupported !== null ? (
        <LimitTakeProfit position={position} decimals={decimals} headroom={headroom} price={read.tp.trigger} reason={unsupported} onDone={onDone} />
      ) : (
        <div className="flex gap-2">
          <Button type="submit" variant="soft" size="sm" busy={busy} busyLabel={t`Sending…`} disabled={hasError || nothingToDo}>
            <Trans>Save TP/SL</Trans>
          </Button>
          <Button size="sm" onClick={onDone}>
            <Trans context="dismiss a form">Close</Trans>
          </Button>
        </div>
      )}
    </form>
  );
}

function LegRow(a: {
  kind: TriggerKind;
  leg: Leg;
  read: ReadLeg;
  onEdit: (kind: TriggerKind, by: LegSource) => (text: string) => void;
  existing: Order | undefined;
  decimals: { price: number };
  busy: boolean;
  onRemove: () => void;
}) {
  const { i18n } = useLingui();
  const l = LABELS[a.kind];
  const id = (by: LegSource) => `tpsl-${a.kind}-${by}`;
  const errorAt = (by: LegSource) => (a.leg.by === by && a.read.error ? i18n._(a.read.error) : null);
  const field = (by: LegSource) => (
    <Field id={id(by)} label={i18n._(l.fields[by].label)} error={errorAt(by)} dense>
      <NumericInput value={a.read.shown[by]} onChange={a.onEdit(a.kind, by)} aria-label={i18n._(l.fields[by].name)} />
    </Field>
  );
  const setAt = a.existing ? show(a.existing.price, a.decimals.price) : '';
  return (
    <div className="flex flex-wrap items-start gap-2" data-testid={`tpsl-${a.kind}`}>
      <span className={`w-full shrink-0 py-0.5 font-medium sm:w-20 ${l.tone}`}>{i18n._(l.title)}</span>
      {field('price')}
      {field('roe')}
      {field('pnl')}
      <span className="num py-0.5 text-muted" data-testid={`tpsl-${a.kind}-expected`}>
        <Trans>Expected PnL</Trans>{' '}
        <span className={toneOf(a.read.pnl)}>{a.read.pnl && !a.read.error ? `${showSigned(a.read.pnl, USD_PLACES)} USD` : '—'}</span>
        {a.read.roe && !a.read.error ? ` (${formatPercent(a.read.roe, 2, { ratio: true })})` : ''}
      </span>
      {a.existing && (
        <span className="flex items-center gap-1 py-0.5 text-muted">
          <Trans>
            set at <span className="num text-text">{setAt}</span>
          </Trans>
          <Button variant="danger" onClick={a.onRemove} disabled={a.busy} aria-label={i18n._(l.remove)}>
            <Trans>Remove</Trans>
          </Button>
        </span>
      )}
    </div>
  );
}

/** Where position TP/SL is not offered: the take profit as a resting reduce-only limit, for the headroom. */
function LimitTakeProfit(a: { position: Position; decimals: { price: number; qty: number; base: string }; headroom: Dec; price: Dec | null; reason: string; onDone: () => void }) {
  const { t } = useLingui();
  const closePosition = useClosePosition();
  const side = reducingSide(dec(a.position.qty));
  const why = !a.price ? t`Enter a take-profit trigger above to use it as the limit price.` : a.headroom.lte(0) ? t`Nothing left to reduce: other reduce-only orders cover the position.` : null;
  const size = show(a.headroom, a.decimals.qty);
  const base = a.decimals.base;
  const symbol = a.position.symbol;
  const price = a.price ? show(a.price, a.decimals.price) : null;
  const reason = a.reason;
  const place = async () => {
    if (!a.price || why || !side) return;
    const what = t`Take profit ${size} ${symbol} @ ${price}`;
    if (await closePosition.mutateAsync({ symbol, side, qty: a.headroom, price: a.price, what })) a.onDone();
  };
  return (
    <div role="alert" className="flex flex-wrap items-center gap-2 rounded border border-warn/40 bg-warn/10 px-2 py-1.5" data-testid="tpsl-unsupported">
      <span className="text-warn">
        <Trans>Position TP/SL is not offered by this service (it refused the whole-position order: {reason}). Your values are kept.</Trans>
      </span>
      <span className="text-muted">
        {price ? (
          <Trans>
            A take profit can rest as a reduce-only limit for {size} {base} at {price}; a stop loss can be set in the order form when you open or add.
          </Trans>
        ) : (
          <Trans>A take profit can rest as a reduce-only limit for {size} {base}; a stop loss can be set in the order form when you open or add.</Trans>
        )}
      </span>
      {why && <span className="text-error">{why}</span>}
      <Button onClick={() => void place()} busy={closePosition.isPending} busyLabel={t`Sending…`} disabled={!!why}>
        <Trans>Place take profit as limit</Trans>
      </Button>
      <Button onClick={a.onDone}>
        <Trans context="dismiss a form">Close</Trans>
      </Button>
    </div>
  );
}
