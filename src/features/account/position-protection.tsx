// The TP / SL column of a position: the take profit and stop loss prices waiting on it, and any that
// fired and are still closing it.
import { Trans, useLingui } from '@lingui/react/macro';
import type { Order } from '../../api/schemas';
import { show } from '../../lib/display';
import { isWholePosition, type FiredClose } from '../../lib/position-tpsl';
import { firedCloseWords, WAITING_FOR_BAND } from '../../ui/fired-close-words';

/**
 * The TP and SL prices waiting on a position, one line each. Those attached to a filled order carry
 * the size they close ("× 0.05"); the others protect the whole position, which the note beside says.
 */
export function Protection({ tp, sl, priceDecimals, qtyDecimals }: { tp: readonly Order[]; sl: readonly Order[]; priceDecimals: number; qtyDecimals: number }) {
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
export function FiredLine({ fired, qtyDecimals }: { fired: FiredClose<Order>; qtyDecimals: number }) {
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
