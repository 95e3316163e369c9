import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { dec } from '../../lib/decimal';
import { show } from '../../lib/display';
import { useModifyOrderChecks } from '../../trading/modify-order-checks';
import { useModifyOrder } from '../../trading/use-modify-order';
import { Button } from '../../ui/button';
import { orderRuleWords } from '../../ui/order-rule-words';
import type { LineDrop } from './use-order-line-drag';

/**
 * The price a dragged order line was let go at, asked before anything is sent: "Move buy 0.010 @
 * 95,000.0 → 94,800.0?". Confirm modifies the order (cancel-and-replace, same size still resting);
 * Cancel or Esc leaves it. A price the order could not take is said here and Confirm stays off.
 */
export function LineDropConfirm({ drop, decimals, onClose }: { drop: LineDrop; decimals: { price: number; qty: number }; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { order, price } = drop;
  const { check, rules } = useModifyOrderChecks(order);
  const modify = useModifyOrder();
  const resting = dec(order.qty).minus(order.fill_qty);
  const priceText = price.toFixed(decimals.price);
  const r = check(priceText, resting.toFixed(decimals.qty));
  const error = r.errors.price ?? r.errors.size;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const confirm = () => {
    if (error || !r.price || !r.qty || !rules) return;
    modify.mutate({ order, price: r.price, qty: r.qty, minQty: rules.minQty, decimals });
    onClose();
  };

  const size = show(resting, decimals.qty);
  const from = show(order.price, decimals.price);
  const to = show(price, decimals.price);
  return (
    <div
      role="dialog"
      aria-label={t`Move order`}
      data-testid="line-drop-confirm"
      className="absolute left-1/2 top-2 z-10 w-[min(22rem,calc(100%-1rem))] -translate-x-1/2 rounded border border-line bg-panel-2 p-2 shadow-lg"
    >
      <p className="text-text">
        {order.side === 'buy' ? (
          <Trans>
            Move buy {size} @ {from} → <span className="num text-accent">{to}</span>?
          </Trans>
        ) : (
          <Trans>
            Move sell {size} @ {from} → <span className="num text-accent">{to}</span>?
          </Trans>
        )}
      </p>
      <p className="mt-0.5 text-[11px] text-muted">
        <Trans>Cancels the order, then places it at the new price once the cancel is confirmed.</Trans>
      </p>
      {error && (
        <p role="alert" className="mt-1 text-[11px] text-error">
          {i18n._(orderRuleWords(error))}
        </p>
      )}
      <div className="mt-2 flex justify-end gap-2">
        <Button onClick={onClose} size="sm">
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="primary" size="sm" onClick={confirm} disabled={!!error || !rules} autoFocus>
          <Trans>Confirm</Trans>
        </Button>
      </div>
    </div>
  );
}
