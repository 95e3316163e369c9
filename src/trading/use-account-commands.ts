// The account commands every screen sends, as mutations sharing one function each (runAccountCommand):
// leverage, margin mode and isolated margin. What is in flight is the mutation's own state.
import { t } from '@lingui/core/macro';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../api/query-keys';
import { useApi } from '../api/react';
import type { MarginMode } from '../api/schemas';
import { toWire, type Dec } from '../lib/decimal';
import { useAccountCommandRunner } from './account-command';
import { mutationKeys } from './mutation-keys';

export interface LeverageChange {
  symbol: string;
  leverage: number;
  /** Another title for a refusal, when the change is a step of something larger. */
  refused?: string;
  quiet?: boolean;
}

/** change_leverage, shared by the leverage control and the order form (which applies it before an order). */
export function useChangeLeverageFn() {
  const api = useApi();
  const run = useAccountCommandRunner();
  return useCallback(
    ({ symbol, leverage, refused = t`Leverage not changed`, quiet }: LeverageChange) =>
      run({
        send: () => api.trade.changeLeverage({ symbol, leverage }),
        words: {
          done: t`Leverage set to ${leverage}× on ${symbol}`,
          refused,
          unknown: t`No answer from the exchange: leverage on ${symbol} may or may not have changed`,
        },
        refresh: (account) => [queryKeys.user.positionConfig(account, symbol), queryKeys.user.positions(account)],
        quiet,
      }),
    [api, run],
  );
}

export function useChangeLeverage() {
  return useMutation({ mutationKey: mutationKeys.changeLeverage, mutationFn: useChangeLeverageFn() });
}

/** change_margin_mode for one symbol. */
export function useChangeMarginMode() {
  const api = useApi();
  const run = useAccountCommandRunner();
  return useMutation({
    mutationKey: mutationKeys.changeMarginMode,
    mutationFn: ({ symbol, mode }: { symbol: string; mode: MarginMode }) =>
      run({
        send: () => api.trade.changeMarginMode({ symbol, margin_mode: mode }),
        words: {
          done: mode === 'cross' ? t`${symbol} margin mode: cross` : t`${symbol} margin mode: isolated`,
          refused: t`Margin mode not changed`,
          unknown: t`No answer from the exchange: the ${symbol} margin mode may or may not have changed`,
        },
        refresh: (account) => [queryKeys.user.positionConfig(account, symbol)],
      }),
  });
}

/** transfer_margin: a positive amount adds isolated margin to the position, a negative one removes it. */
export function useTransferMargin() {
  const api = useApi();
  const run = useAccountCommandRunner();
  return useMutation({
    mutationKey: mutationKeys.transferMargin,
    mutationFn: ({ symbol, amount, direction }: { symbol: string; amount: Dec; direction: 'add' | 'remove' }) => {
      const moved = toWire(amount);
      return run({
        send: () => api.user.transferMargin({ symbol, amount_in: toWire(direction === 'add' ? amount : amount.neg()) }),
        words: {
          done: direction === 'add' ? t`Added ${moved} USD margin to ${symbol}` : t`Removed ${moved} USD margin from ${symbol}`,
          refused: t`Margin not moved`,
          unknown: t`No answer from the exchange: the ${symbol} isolated margin may or may not have changed`,
        },
        refresh: (account) => [queryKeys.user.positions(account), queryKeys.user.balance(account)],
      });
    },
  });
}
