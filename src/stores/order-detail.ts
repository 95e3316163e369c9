import { create } from 'zustand';

interface OrderDetailState {
  /** The order whose detail is open, or null. */
  orderId: number | null;
  open: (orderId: number) => void;
  close: () => void;
}

/** Which order's detail is open: any order row (history, trades, open orders, positions) may ask. */
export const useOrderDetail = create<OrderDetailState>((set) => ({
  orderId: null,
  open: (orderId) => set({ orderId }),
  close: () => set({ orderId: null }),
}));
