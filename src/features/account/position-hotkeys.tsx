import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import type { Order, Position } from '../../api/schemas';
import { dec } from '../../lib/decimal';
import { shortcutBlocked } from '../../lib/typing-target';
import { toast } from '../../stores/toasts';
import { useTradeSettings } from '../../stores/trade-settings';
import { usePositionActions, type CloseShare } from './position-actions';

/**
 * Shift+1 / 2 / 3 close 25 / 50 / 100 % and Shift+R reverses the selected position. Keys by their
 * place on the keyboard (`code`), so Shift+1 is the same key whatever the layout prints on it; with
 * Shift because B, S, F, P, O and `?` are taken alone and digits are typed into sizes.
 */
const KEYS: Record<string, CloseShare | 'reverse'> = { Digit1: 25, Digit2: 50, Digit3: 100, KeyR: 'reverse' };

/**
 * The selected position: the Positions row holding the keyboard focus, else the position in the
 * market the trade page shows. Off with the settings switch, while typing, and under a dialog.
 */
export function selectedPositionSymbol(focused: Element | null, shown: string): string {
  return focused?.closest<HTMLElement>('[data-position-symbol]')?.dataset.positionSymbol ?? shown;
}

/** The position hotkeys (listed in the `?` help), with the question they ask when market orders are confirmed. */
export function PositionHotkeys({ symbol, positions, openOrders }: { symbol: string; positions: readonly Position[]; openOrders: readonly Order[] }) {
  const { t } = useLingui();
  const api = useApi();
  const on = useTradeSettings((s) => s.shortcuts);
  const info = useQuery(marketQueries.symbolInfo(api));
  // Undefined while the rules are not loaded: a share is not sized from a made-up minimum.
  const minOf = (s: string) => {
    const min = info.data?.find((i) => i.symbol === s)?.min_order_qty;
    return min === undefined ? undefined : dec(min);
  };
  const actions = usePositionActions(openOrders, minOf);
  const act = (what: CloseShare | 'reverse') => {
    const chosen = selectedPositionSymbol(document.activeElement, symbol);
    const position = positions.find((p) => p.symbol === chosen);
    if (what !== 'reverse') return void actions.close(position, what, chosen);
    if (!position) return void toast({ kind: 'info', key: `reverse-${chosen}`, title: t`There is no ${chosen} position to reverse.` });
    void actions.reverse(position);
  };
  const latest = useRef(act);
  useEffect(() => {
    latest.current = act;
  });
  useEffect(() => {
    if (!on) return;
    const onKey = (e: KeyboardEvent) => {
      const what = KEYS[e.code];
      if (what === undefined || !e.shiftKey || shortcutBlocked(e)) return;
      e.preventDefault();
      latest.current(what);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [on]);
  return actions.dialog;
}
