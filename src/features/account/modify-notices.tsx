import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ModifyState } from '../../trading/modify-order-machine';
import { canPlaceAgain, describeModify } from '../../trading/modify-order-words';
import { dismissModify, useOrderModifies, usePlaceAgain } from '../../trading/use-modify-order';
import { Button } from '../../ui/button';
import { useSymbolDecimals } from './use-symbol-decimals';

/**
 * Modifies whose original is canceled and whose new order is not on the book: said above the open
 * orders until the trader places the new order again or dismisses it, with the values they typed.
 */
export function ModifyNotices() {
  const modifies = useOrderModifies();
  const pending = Object.values(modifies).filter((s) => s.phase === 'over' && canPlaceAgain(s.result));
  if (pending.length === 0) return null;
  return (
    <ul className="border-b border-line" data-testid="modify-notices">
      {pending.map((s) => (
        <Notice key={s.request.order.id} state={s} />
      ))}
    </ul>
  );
}

function Notice({ state }: { state: ModifyState }) {
  const { t } = useLingui();
  const decimalsOf = useSymbolDecimals();
  const placeAgain = usePlaceAgain();
  const [busy, setBusy] = useState(false);
  const words = describeModify(state, decimalsOf(state.request.order.symbol));
  const again = async () => {
    setBusy(true);
    await placeAgain(state).finally(() => setBusy(false));
  };
  return (
    <li className="flex flex-wrap items-center gap-2 bg-error/10 px-2 py-1.5" data-testid="modify-notice">
      <span className="min-w-0 flex-1">
        <span className="font-medium text-text">{words.title}</span> <span className="text-muted">{words.body}</span>
      </span>
      <Button variant="soft" onClick={() => void again()} busy={busy} busyLabel={t`Placing…`}>
        <Trans>Place again</Trans>
      </Button>
      <Button onClick={() => dismissModify(state.request.order.id)}>
        <Trans>Dismiss</Trans>
      </Button>
    </li>
  );
}
