import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface FavoritesState {
  favorites: string[];
  toggle: (symbol: string) => void;
}

/** The trader's starred markets, remembered in localStorage (only the symbols, never market data). */
export const useFavorites = create<FavoritesState>()(
  persist(
    (set) => ({
      favorites: [],
      toggle: (symbol) =>
        set((s) => ({
          favorites: s.favorites.includes(symbol) ? s.favorites.filter((f) => f !== symbol) : [...s.favorites, symbol],
        })),
    }),
    { name: 'perps.favorites', storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);
