import { create } from 'zustand';

/**
 * What another panel asks the order form to fill in: a price clicked in the order book, a size, a
 * side. `seq` changes on every request, so clicking the same price twice still applies.
 */
export interface OrderTicketIntent {
  symbol: string;
  price?: string;
  qty?: string;
  side?: 'buy' | 'sell';
  seq: number;
}

interface OrderTicketState {
  intent: OrderTicketIntent | null;
  request: (i: Omit<OrderTicketIntent, 'seq'>) => void;
}

export const useOrderTicket = create<OrderTicketState>((set, get) => ({
  intent: null,
  request: (i) => set({ intent: { ...i, seq: (get().intent?.seq ?? 0) + 1 } }),
}));
