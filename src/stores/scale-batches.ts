import { create } from 'zustand';

/**
 * Where one child of a scale batch stands, as the trade layer learned it (trading/scale-batch.ts):
 * not sent yet, on its way, placed, refused with the service's words, no answer (being checked with
 * the exchange, `checking`), never arrived (the exchange has no such order), or not sent because the
 * batch stopped before it.
 */
export type ScaleChildState =
  | { kind: 'waiting' }
  | { kind: 'sending' }
  | { kind: 'placed' }
  | { kind: 'refused'; message: string }
  | { kind: 'unknown'; message: string; checking: boolean }
  | { kind: 'missing' }
  | { kind: 'not-sent' };

export interface ScaleChildRecord {
  clOrdId: string;
  /** Wire decimals, as sent. */
  price: string;
  qty: string;
  state: ScaleChildState;
}

/** What the cancel of the batch's children came to: requested (each cancel comes on the stream), refused, or no answer. */
export type ScaleCancelState = { kind: 'sending' } | { kind: 'requested'; count: number } | { kind: 'refused'; message: string } | { kind: 'unknown'; message: string };

/** Why the batch stopped sending before its last child. */
export type ScaleStop = { reason: 'refused' | 'unknown'; index: number } | { reason: 'leverage' } | { reason: 'canceled' };

export interface ScaleBatch {
  /** The cl_ord_id prefix its children share: `web-<id>-<n>`. */
  id: string;
  symbol: string;
  side: 'buy' | 'sell';
  children: ScaleChildRecord[];
  /** Children are still being sent. */
  sending: boolean;
  stop: ScaleStop | null;
  cancel: ScaleCancelState | null;
}

interface ScaleBatchesState {
  /** The latest batch of each symbol: it outlives the scale form (switching tabs keeps its Cancel). */
  bySymbol: Record<string, ScaleBatch>;
  put: (batch: ScaleBatch) => void;
  /** Changes the batch `id` of `symbol`, if it is still that symbol's latest. */
  patch: (symbol: string, id: string, change: (b: ScaleBatch) => ScaleBatch) => void;
  dismiss: (symbol: string) => void;
}

export const useScaleBatches = create<ScaleBatchesState>((set) => ({
  bySymbol: {},
  put: (batch) => set((s) => ({ bySymbol: { ...s.bySymbol, [batch.symbol]: batch } })),
  patch: (symbol, id, change) =>
    set((s) => {
      const b = s.bySymbol[symbol];
      return b && b.id === id ? { bySymbol: { ...s.bySymbol, [symbol]: change(b) } } : s;
    }),
  dismiss: (symbol) =>
    set((s) => {
      const { [symbol]: _gone, ...rest } = s.bySymbol;
      return { bySymbol: rest };
    }),
}));
