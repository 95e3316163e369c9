import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The slippage cap a market order gets until the trader picks another: 1 %. */
export const DEFAULT_SLIPPAGE_PCT = '1';

interface TradeSettingsState {
  /**
   * How far from the mark a market order may fill, in percent, as a decimal string (never a float:
   * it becomes the order's price limit). Only a valid value is stored; the form keeps the text.
   */
  slippagePct: string;
  setSlippagePct: (pct: string) => void;
}

/** The trader's own trading preferences, remembered in this browser (localStorage). */
export const useTradeSettings = create<TradeSettingsState>()(
  persist(
    (set) => ({
      slippagePct: DEFAULT_SLIPPAGE_PCT,
      setSlippagePct: (slippagePct) => set({ slippagePct }),
    }),
    { name: 'perps.trade-settings', storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);
