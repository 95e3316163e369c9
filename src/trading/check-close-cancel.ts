// A market close first cancels the reduce-only orders that block it (close-blockers.ts). When that
// cancel gets no answer it may or may not have taken: the close is not sent, and each blocker is read
// back by its order id (query_order, retried like reconcile-order.ts) so the trader hears which are
// canceled and which still stand before pressing Close again. No answer is never a refusal.
import { plural, t } from '@lingui/core/macro';
import type { Order } from '../api/schemas';
import { toast, useToasts } from '../stores/toasts';
import { reconcileOrder, type OrderFate } from './reconcile-order';

/** What became of one blocker, in the words the trader reads. */
type BlockerState = 'canceled' | 'filled' | 'gone' | 'open' | 'unknown';

function stateOf(fate: OrderFate): BlockerState {
  if (fate.kind === 'unknown') return 'unknown';
  if (fate.kind === 'missing') return 'gone';
  switch (fate.order.status) {
    case 'canceled':
      return 'canceled';
    case 'filled':
      return 'filled';
    case 'rejected':
      return 'gone';
    default:
      return 'open';
  }
}

/** The blockers in one state, as a sentence: "Still open: TP 0.300 @ 99,000.0." (words of the moment it is told). */
function stateSentence(state: Exclude<BlockerState, 'unknown'>, labels: string): string {
  switch (state) {
    case 'open':
      return t`Still open: ${labels}.`;
    case 'filled':
      return t`Filled before the cancel: ${labels}.`;
    case 'canceled':
      return t`Canceled: ${labels}.`;
    case 'gone':
      return t`No longer open: ${labels}.`;
  }
}

export interface CloseCancelCheck {
  symbol: string;
  blockers: readonly Order[];
  /** "TP 0.300 @ 99,000.0": a blocker as Open orders shows it. */
  label: (o: Order) => string;
  /** query_order by order id. */
  query: (orderId: number) => Promise<Order>;
  /** Why there was no answer, as the failure said it. */
  why: string;
  /** The close's toast key: the check's toasts replace each other there. */
  key: string;
  sleep?: (ms: number) => Promise<void>;
  /**
   * True once a later close of this symbol has started: the check (up to ~1½ min) then says nothing
   * more — "press Close again" would lie about a position that later close has dealt with, and that
   * close tells its own outcome.
   */
  superseded?: () => boolean;
}

/** The toast that says where the protection stands once every blocker has been read back. */
export function closeCancelToast(symbol: string, states: readonly { label: string; state: BlockerState; why?: string }[]): { title: string; body: string } {
  const listed = (['open', 'filled', 'canceled', 'gone'] as const)
    .map((s) => [s, states.filter((b) => b.state === s).map((b) => b.label)] as const)
    .filter(([, labels]) => labels.length > 0)
    .map(([s, labels]) => stateSentence(s, labels.join(', ')))
    .join(' ');
  const unknown = states.filter((b) => b.state === 'unknown');
  if (unknown.length > 0) {
    const why = unknown[0]!.why;
    const labels = unknown.map((b) => b.label).join(', ');
    const untold = why ? t`The exchange did not say what became of ${labels} (${why}).` : t`The exchange did not say what became of ${labels}.`;
    return {
      title: t`Outcome still unknown: the cancel of the protection on ${symbol}`,
      body: [untold, listed, t`The close was not sent: check Open orders before closing again.`].filter(Boolean).join(' '),
    };
  }
  if (states.some((b) => b.state === 'open')) {
    return { title: t`Protection not all canceled, close not sent: ${symbol}`, body: t`${listed} Nothing was closed: press Close to try again.` };
  }
  if (states.some((b) => b.state === 'filled')) {
    // A filled take-profit or stop reduced or closed the position: it is not as it was.
    return {
      title: t`Protection no longer open, close not sent: ${symbol}`,
      body: t`${listed} The fill changed the position: check Positions, then press Close again to close what is left at market.`,
    };
  }
  return { title: t`Protection canceled, close not sent: ${symbol}`, body: t`${listed} The position is open without them: press Close again to close it at market.` };
}

/**
 * Says the cancel's outcome is unknown and being checked (a toast that stays), reads every blocker
 * back at once, then replaces it with where each stands. Runs on its own: the close has returned.
 */
export async function checkCloseCancel(a: CloseCancelCheck): Promise<void> {
  const list = a.blockers.map(a.label).join(', ');
  const n = a.blockers.length;
  const { symbol, why } = a;
  const checking = toast(
    {
      kind: 'warn',
      key: a.key,
      rank: 0,
      title: t`Outcome unknown — checking…`,
      body: t`No answer to the cancel of ${plural(n, { one: '# reduce-only order', other: '# reduce-only orders' })} (${list}) for ${symbol} (${why}). Asking the exchange which are still open. The close was not sent.`,
    },
    0,
  );
  const fates = await Promise.all(a.blockers.map((o) => reconcileOrder(() => a.query(o.id), a.sleep ? { sleep: a.sleep } : {})));
  const states = a.blockers.map((o, i) => {
    const fate = fates[i]!;
    return { label: a.label(o), state: stateOf(fate), ...(fate.kind === 'unknown' ? { why: fate.message } : {}) };
  });
  if (a.superseded?.()) {
    useToasts.getState().dismiss(checking);
    return;
  }
  // Same rank as "checking": a later close of this symbol may replace it.
  toast({ kind: 'warn', key: a.key, rank: 0, ...closeCancelToast(a.symbol, states) }, 12_000);
}
