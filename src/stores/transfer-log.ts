import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * A Cash ↔ Perps move this browser made and the exchange confirmed. The service has no transfer
 * history to read back, so these are the only moves the Portfolio's account value can mark.
 */
export interface LoggedTransfer {
  account: string;
  /** Epoch ms of the confirmation. */
  at: number;
  to: 'perps' | 'spot';
  /** Exact decimal, DUSD. */
  amount: string;
}

/** Kept per browser, newest last; the oldest go first past this many. */
export const MAX_LOGGED_TRANSFERS = 1_000;

/** What this browser stored, entry by entry: one with a field of the wrong type is left out. */
export function readStoredTransfers(stored: unknown): LoggedTransfer[] {
  const list = stored && typeof stored === 'object' && Array.isArray((stored as { transfers?: unknown }).transfers) ? (stored as { transfers: unknown[] }).transfers : [];
  return list
    .filter((x): x is LoggedTransfer => {
      if (!x || typeof x !== 'object') return false;
      const e = x as Partial<LoggedTransfer>;
      return (
        typeof e.account === 'string' &&
        typeof e.at === 'number' &&
        Number.isFinite(e.at) &&
        (e.to === 'perps' || e.to === 'spot') &&
        typeof e.amount === 'string' &&
        /^\d+(\.\d+)?$/.test(e.amount)
      );
    })
    .slice(-MAX_LOGGED_TRANSFERS);
}

interface TransferLogState {
  transfers: LoggedTransfer[];
  logged: (t: LoggedTransfer) => void;
}

/** The confirmed Cash ↔ Perps moves made in this browser (`perps.transfer-log`). */
export const useTransferLog = create<TransferLogState>()(
  persist(
    (set) => ({
      transfers: [],
      logged: (t) => set((s) => ({ transfers: [...s.transfers, t].slice(-MAX_LOGGED_TRANSFERS) })),
    }),
    {
      name: 'perps.transfer-log',
      storage: createJSONStorage(() => localStorage),
      version: 1,
      partialize: ({ transfers }) => ({ transfers }),
      merge: (stored, current) => ({ ...current, transfers: readStoredTransfers(stored) }),
    },
  ),
);
