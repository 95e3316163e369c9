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

const LABELS: Record<TriggerKind, { title: string; roe: string; pnl: string; tone: string }> = {
  tp: { title: 'Take profit', roe: 'ROE %', pnl: 'Profit USD', tone: 'text-up' },
  sl: { title: 'Stop loss', roe: 'Loss %', pnl: 'Loss USD', tone: 'text-down' },
};

/**
 * TP and SL on the whole open position (decisions.md "TP/SL and position protection"): set, change or
 * remove either at any time, by trigger price, ROE % or PnL amount — typing one shows the other two —
 * with the expected PnL at the trigger. Where the service does not offer it, say so, keep the values
 * and offer the take profit as a reduce-only limit.
 */
export function PositionTpslEditor({ position, decimals, mark, openOrders, headroom, onDone }: Props) {
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

  return (
    <form
      ref={form}
      className="flex flex-col gap-1.5"
      aria-label={`TP/SL for ${position.symbol}`}
      data-testid="position-tpsl-editor"
      onSubmit={(e) => (e.preventDefault(), void save())}
      onKeyDown={(e) => e.key === 'Escape' && onDone()}
    >
      <p className="text-muted">
        TP/SL for the whole {long ? 'long' : 'short'} {show(qty.abs(), decimals.qty)} {decimals.base} {position.symbol} · entry{' '}
        <span className="num text-text">{show(position.entry_price, decimals.price)}</span> · mark <span className="num text-text">{show(mark, decimals.price)}</span> ·
        closes whatever the position is when it triggers, at market
      </p>
      {(['tp', 'sl'] as const).map((kind) => (
        <LegRow key={kind} kind={kind} leg={legs[kind]} read={read[kind]} onEdit={edit} existing={whole[kind]} decimals={decimals} busy={busy} onRemove={() => void remove(kind)} />
      ))}
      {attached.length > 0 && (
        <p className="text-[11px] text-muted">
          Also waiting, attached to filled orders:{' '}
          {attached.map((o) => `${o.source === 'tp' ? 'TP' : 'SL'} ${show(o.price, decimals.price)} for ${show(o.qty, decimals.qty)}`).join(', ')} (Open orders)
        </p>
      )}
      {unsupported !== null ? (
        <LimitTakeProfit position={position} decimals={decimals} headroom={headroom} price={read.tp.trigger} reason={unsupported} onDone={onDone} />
      ) : (
        <div className="flex gap-2">
          <Button type="submit" variant="soft" size="sm" busy={busy} busyLabel="Sending…" disabled={hasError || nothingToDo}>
            Save TP/SL
          </Button>
          <Button size="sm" onClick={onDone}>
            Close
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
  const l = LABELS[a.kind];
  const id = (by: LegSource) => `tpsl-${a.kind}-${by}`;
  const errorAt = (by: LegSource) => (a.leg.by === by ? a.read.error : null);
  const field = (by: LegSource, label: string) => (
    <Field id={id(by)} label={label} error={errorAt(by)} dense>
      <NumericInput value={a.read.shown[by]} onChange={a.onEdit(a.kind, by)} aria-label={`${l.title} ${label}`} />
    </Field>
  );
  return (
    <div className="flex flex-wrap items-start gap-2" data-testid={`tpsl-${a.kind}`}>
      <span className={`w-full shrink-0 py-0.5 font-medium sm:w-20 ${l.tone}`}>{l.title}</span>
      {field('price', 'Trigger')}
      {field('roe', l.roe)}
      {field('pnl', l.pnl)}
      <span className="num py-0.5 text-muted" data-testid={`tpsl-${a.kind}-expected`}>
        Expected PnL{' '}
        <span className={toneOf(a.read.pnl)}>{a.read.pnl && !a.read.error ? `${showSigned(a.read.pnl, USD_PLACES)} USD` : '—'}</span>
        {a.read.roe && !a.read.error ? ` (${formatPercent(a.read.roe, 2, { ratio: true })})` : ''}
      </span>
      {a.existing && (
        <span className="flex items-center gap-1 py-0.5 text-muted">
          set at <span className="num text-text">{show(a.existing.price, a.decimals.price)}</span>
          <Button variant="danger" onClick={a.onRemove} disabled={a.busy} aria-label={`Remove ${l.title}`}>
            Remove
          </Button>
        </span>
      )}
    </div>
  );
}

/** Where position TP/SL is not offered: the take profit as a resting reduce-only limit, for the headroom. */
function LimitTakeProfit(a: { position: Position; decimals: { price: number; qty: number; base: string }; headroom: Dec; price: Dec | null; reason: string; onDone: () => void }) {
  const closePosition = useClosePosition();
  const side = reducingSide(dec(a.position.qty));
  const why = !a.price ? 'Enter a take-profit trigger above to use it as the limit price.' : a.headroom.lte(0) ? 'Nothing left to reduce: other reduce-only orders cover the position.' : null;
  const place = async () => {
    if (!a.price || why || !side) return;
    const what = `Take profit ${show(a.headroom, a.decimals.qty)} ${a.position.symbol} @ ${show(a.price, a.decimals.price)}`;
    if (await closePosition.mutateAsync({ symbol: a.position.symbol, side, qty: a.headroom, price: a.price, what })) a.onDone();
  };
  return (
    <div role="alert" className="flex flex-wrap items-center gap-2 rounded border border-warn/40 bg-warn/10 px-2 py-1.5" data-testid="tpsl-unsupported">
      <span className="text-warn">
        Position TP/SL is not offered by this service (it refused the whole-position order: {a.reason}). Your values are kept.
      </span>
      <span className="text-muted">
        A take profit can rest as a reduce-only limit for {show(a.headroom, a.decimals.qty)} {a.decimals.base}
        {a.price ? ` at ${show(a.price, a.decimals.price)}` : ''}; a stop loss can be set in the order form when you open or add.
      </span>
      {why && <span className="text-error">{why}</span>}
      <Button onClick={() => void place()} busy={closePosition.isPending} busyLabel="Sending…" disabled={!!why}>
        Place take profit as limit
      </Button>
      <Button onClick={a.onDone}>Close</Button>
    </div>
  );
}
