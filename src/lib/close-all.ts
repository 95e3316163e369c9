import type { Dec } from './decimal';

/** Which positions "Close all" closes: every one, or only those in profit, or only those at a loss. */
export type CloseAllWhich = 'all' | 'profitable' | 'losing';

/**
 * The positions a close-all of `which` closes, judged by their unrealized PnL at the mark the trader
 * sees (`upnlOf`): profitable is above zero, losing below; a position at exactly zero is in neither.
 */
export function positionsToClose<P>(positions: readonly P[], which: CloseAllWhich, upnlOf: (p: P) => Dec): P[] {
  if (which === 'all') return [...positions];
  return positions.filter((p) => {
    const upnl = upnlOf(p);
    return which === 'profitable' ? upnl.gt(0) : upnl.lt(0);
  });
}
