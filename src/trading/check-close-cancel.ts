// A market close first cancels the reduce-only orders that block it (position-commands.ts). When that
// cancel gets no answer it may or may not have taken: the close is not sent, and each blocker is read
// back by its order id (query_order, retried like reconcile-order.ts) so the trader hears which are
// canceled and which still stand before pressing Close again. No answer is never a refusal.
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

const WORDS: Record<Exclude<BlockerState, 'unknown'>, string> = {
  open: 'Still open',
  filled: 'Filled before the cancel',
  canceled: 'Canceled',
  gone: 'No longer open',
};

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
    .map(([s, labels]) => `${WORDS[s]}: ${labels.join(', ')}.`)
    .join(' ');
  const unknown = states.filter((b) => b.state === 'unknown');
  if (unknown.length > 0) {
    const why = unknown[0]!.why ? ` (${unknown[0]!.why})` : '';
    return {
      title: `Outcome still unknown: the cancel of the protection on ${symbol}`,
      body: `The exchange did not say what became of ${unknown.map((b) => b.label).join(', ')}${why}. ${listed ? `${listed} ` : ''}The close was not sent: check Open orders before closing again.`,
    };
  }
  if (states.some((b) => b.state === 'open')) {
    return { title: `Protection not all canceled, close not sent: ${symbol}`, body: `${listed} Nothing was closed: press Close to try again.` };
  }
  if (states.some((b) => b.state === 'filled')) {
    // A filled take-profit or stop reduced or closed the position: it is not as it was.
    return {
      title: `Protection no longer open, close not sent: ${symbol}`,
      body: `${listed} The fill changed the position: check Positions, then press Close again to close what is left at market.`,
    };
  }
  return { title: `Protection canceled, close not sent: ${symbol}`, body: `${listed} The position is open without them: press Close again to close it at market.` };
}

/**
 * Says the cancel's outcome is unknown and being checked (a toast that stays), reads every blocker
 * back at once, then replaces it with where each stands. Runs on its own: the close has returned.
 */
export async function checkCloseCancel(a: CloseCancelCheck): Promise<void> {
  const list = a.blockers.map(a.label).join(', ');
  const n = a.blockers.length;
  const checking = toast(
    {
      kind: 'warn',
      key: a.key,
      rank: 0,
      title: 'Outcome unknown — checking…',
      body: `No answer to the cancel of ${n} reduce-only order${n === 1 ? '' : 's'} (${list}) for ${a.symbol} (${a.why}). Asking the exchange which are still open. The close was not sent.`,
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
