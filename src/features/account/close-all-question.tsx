// Close all's question and the list of what it will send.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Position } from '../../api/schemas';
import { positionsToClose, type CloseAllWhich } from '../../lib/close-all';
import { dec, type Dec } from '../../lib/decimal';
import { show } from '../../lib/display';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Segmented, type Choice } from '../../ui/segmented';
import { chosenAccountTab } from '../../ui/use-focus-keeper';
import type { SymbolDecimals } from './use-symbol-decimals';

/**
 * Close all's question: all positions, or only those in profit or at a loss at the mark the table
 * shows (a new question starts from all). Without the question (Settings) Close all closes every
 * position, as it says.
 */
export function CloseAllQuestion({ positions, upnlOf, decimalsOf, busy, onClose, onCancel }: { positions: readonly Position[]; upnlOf: (p: Position) => Dec; decimalsOf: (symbol: string) => SymbolDecimals; busy: boolean; onClose: (list: readonly Position[]) => void; onCancel: () => void }) {
  const { t } = useLingui();
  const [which, setWhich] = useState<CloseAllWhich>('all');
  const toClose = positionsToClose(positions, which, upnlOf);
  const count = toClose.length;
  const all = positions.length;
  const profitable = positionsToClose(positions, 'profitable', upnlOf).length;
  const losing = positionsToClose(positions, 'losing', upnlOf).length;
  const choices: Choice<CloseAllWhich>[] = [
    { value: 'all', label: t`All (${all})` },
    { value: 'profitable', label: t`Profitable (${profitable})` },
    { value: 'losing', label: t`Losing (${losing})` },
  ];
  return (
    <ConfirmDialog
      title={t`Close positions at market?`}
      confirmLabel={t`Close ${plural(count, { one: '# position', other: '# positions' })}`}
      confirmVariant="sell"
      busy={busy}
      confirmDisabled={count === 0}
      onConfirm={() => onClose(toClose)}
      onCancel={onCancel}
      fallbackFocus={chosenAccountTab}
    >
      <Segmented kind="choice" label={t`Which positions`} look="joined" choices={choices} value={which} onChange={setWhich} className="mb-2 flex" itemClassName="px-2 py-0.5" />
      <CloseAllList positions={toClose} decimalsOf={decimalsOf} />
    </ConfirmDialog>
  );
}

/** What a close-all will send: each position and its size. */
function CloseAllList({ positions, decimalsOf }: { positions: readonly Position[]; decimalsOf: (symbol: string) => SymbolDecimals }) {
  return (
    <>
      <p className="mb-2 text-muted">
        <Trans>Each position is closed with a reduce-only market order for its whole size; reduce-only orders that would block it are canceled first.</Trans>
      </p>
      <ul className="space-y-0.5" data-testid="close-all-list">
        {positions.map((p) => {
          const d = decimalsOf(p.symbol);
          const long = dec(p.qty).gt(0);
          const size = show(dec(p.qty).abs(), d.qty);
          const base = d.base;
          return (
            <li key={p.id} className="flex justify-between gap-3">
              <span className="font-medium">{p.symbol}</span>
              <span className={`num ${long ? 'text-up' : 'text-down'}`}>
                {long ? (
                  <Trans>
                    Long {size} {base}
                  </Trans>
                ) : (
                  <Trans>
                    Short {size} {base}
                  </Trans>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}
