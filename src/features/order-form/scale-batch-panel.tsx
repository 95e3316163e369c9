import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Order, SymbolInfo } from '../../api/schemas';
import { show } from '../../lib/display';
import type { ScaleBatch } from '../../stores/scale-batches';
import { Button } from '../../ui/button';
import { childStateWords } from './scale-words';

const TONE: Record<string, string> = { refused: 'text-error', missing: 'text-error', unknown: 'text-warn', 'not-sent': 'text-muted' };

/**
 * The last scale batch of the symbol: each child with where it stands (placed and resting, refused
 * with the service's words, not sent…), and one button that cancels every child still on the book.
 */
export function ScaleBatchPanel({ batch, orders, info, onCancel, onDismiss }: { batch: ScaleBatch; orders: readonly Order[]; info: SymbolInfo; onCancel: () => void; onDismiss: () => void }) {
  const { t, i18n } = useLingui();
  const onBook = new Set(orders.filter((o) => o.status === 'open' || o.status === 'new').map((o) => o.cl_ord_id));
  const total = batch.children.length;
  const placed = batch.children.filter((c) => c.state.kind === 'placed').length;
  const resting = batch.children.filter((c) => onBook.has(c.clOrdId)).length;
  const maybeOn = batch.children.some((c) => c.state.kind === 'placed' || c.state.kind === 'unknown');
  const cancel = batch.cancel;
  const canCancel = (batch.sending || maybeOn) && cancel?.kind !== 'sending' && !(cancel?.kind === 'requested' && resting === 0);
  const refusal = cancel?.kind === 'refused' ? cancel.message : '';
  const cancelNote =
    cancel?.kind === 'requested' ? (resting === 0 ? t`Canceled` : t`Cancel requested`) : cancel?.kind === 'refused' ? t`Cancel refused: ${refusal}` : cancel?.kind === 'unknown' ? t`Cancel: no answer` : null;
  return (
    <section aria-label={t`Scale batch`} data-testid="scale-batch" className="space-y-1 border-t border-line pt-2">
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          <div className="font-medium">{t`${placed} of ${plural(total, { one: '# order placed', other: '# orders placed' })}`}</div>
          <div className="text-[11px] text-muted">
            <span className="num" data-testid="scale-batch-resting">
              {t`${resting} resting`}
            </span>
            {cancelNote && <span className={`ml-2 ${cancel?.kind === 'refused' ? 'text-error' : ''}`}>{cancelNote}</span>}
          </div>
        </div>
        <Button variant="danger" size="sm" className="shrink-0 whitespace-nowrap" onClick={onCancel} disabled={!canCancel} busy={cancel?.kind === 'sending'} keepFocusWhileBusy data-testid="scale-cancel-batch">
          {t`Cancel batch`}
        </Button>
        {!batch.sending && (
          <button type="button" onClick={onDismiss} className="shrink-0 px-1 text-muted hover:text-text" aria-label={t`Hide the scale batch`} title={t`Hide the scale batch`}>
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
      <div className="max-h-36 overflow-auto" tabIndex={0} role="region" aria-label={t`Scale batch orders`}>
        <table className="w-full text-[11px]">
          <thead className="text-muted">
            <tr>
              <th className="text-left font-normal">#</th>
              <th className="text-right font-normal">{t`Price`}</th>
              <th className="text-right font-normal">{t`Size`}</th>
              <th className="text-right font-normal">{t`Status`}</th>
            </tr>
          </thead>
          <tbody>
            {batch.children.map((c, i) => {
              const s = c.state;
              const why = s.kind === 'refused' || s.kind === 'unknown' ? s.message : undefined;
              return (
                <tr key={c.clOrdId} data-testid="scale-batch-row" data-state={s.kind}>
                  <td className="text-muted num">{i + 1}</td>
                  <td className="text-right num">{show(c.price, info.price_tick_decimals)}</td>
                  <td className="text-right num">{show(c.qty, info.qty_tick_decimals)}</td>
                  <td className={`text-right ${TONE[s.kind] ?? ''}`} title={why}>
                    {i18n._(childStateWords(s, onBook.has(c.clOrdId)))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {batch.children.map((c, i) => {
        const s = c.state;
        if (s.kind !== 'refused') return null;
        const n = i + 1;
        const why = s.message;
        return (
          <p key={c.clOrdId} role="alert" className="text-[11px] text-error">
            {t`Order ${n} refused: ${why}`}
          </p>
        );
      })}
    </section>
  );
}
