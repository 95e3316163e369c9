import { useMutationState, type MutationKey } from '@tanstack/react-query';

/**
 * Keys of the trade commands' mutations: a screen reads what is in flight (which rows are being
 * canceled, whether leverage is being applied) from react-query's mutation cache instead of keeping
 * busy flags of its own.
 */
export const mutationKeys = {
  placeOrder: ['trade', 'place-order'] as const,
  submitOrder: ['trade', 'submit-order'] as const,
  closePosition: ['trade', 'close-position'] as const,
  cancelOrder: ['trade', 'cancel-order'] as const,
  cancelOrders: ['trade', 'cancel-orders'] as const,
  changeLeverage: ['trade', 'change-leverage'] as const,
  changeMarginMode: ['trade', 'change-margin-mode'] as const,
  transferMargin: ['trade', 'transfer-margin'] as const,
  transfer: ['wallet', 'transfer'] as const,
  withdraw: ['wallet', 'withdraw'] as const,
  setPositionTpsl: ['trade', 'set-position-tpsl'] as const,
  marketClose: ['trade', 'market-close'] as const,
  closeAllPositions: ['trade', 'close-all-positions'] as const,
};

/** What the pending mutations of one command are acting on (rows canceling, positions closing). */
export function useInFlight<V, K>(mutationKey: MutationKey, pick: (variables: V) => K): ReadonlySet<K> {
  const picked = useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (m) => (m.state.variables === undefined ? undefined : pick(m.state.variables as V)),
  });
  return new Set(picked.filter((k): k is K => k !== undefined));
}
