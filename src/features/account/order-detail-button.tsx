import { useLingui } from '@lingui/react/macro';
import type { MouseEvent } from 'react';

/**
 * The market name in an account table's row, a button to the order's detail. Named by its content —
 * the visible symbol first, then, for screen readers only, which order it opens — so the name holds
 * what is shown (WCAG 2.5.3: voice control users say "click BTC-USD"). `what`: the order in words
 * ("buy limit"), already in the trader's language.
 */
export function OrderDetailButton({ symbol, orderId, what, onOpen }: { symbol: string; orderId: number; what?: string; onOpen: (e: MouseEvent) => void }) {
  const { t } = useLingui();
  return (
    <button type="button" className="hover:text-accent" onClick={onOpen}>
      {symbol}
      <span className="sr-only">{what ? t`, details of order ${orderId}, ${what}` : t`, details of order ${orderId}`}</span>
    </button>
  );
}
