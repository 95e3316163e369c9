import type { WithdrawResponse } from '../../api/schemas';

/** A withdrawal as the history shows it (devnet endpoint rows, or kept locally in this browser). */
export interface WithdrawEntry {
  id: string;
  amount: string;
  fee: string;
  status: string;
  createdAt: string;
  txHash?: string | undefined;
}

const KEY = 'perps.withdrawals.v1';

export function entryOf(w: WithdrawResponse, txHash?: string): WithdrawEntry {
  return { id: w.tx.id, amount: w.tx.token_amount, fee: w.withdraw_fee, status: w.tx.status, createdAt: w.tx.created_at, txHash: txHash ?? (w.tx.src_tx || undefined) };
}

/** Off the devnet the service has no history endpoint: this browser remembers what it sent. */
export const localWithdrawals = {
  list(account: string, storage: Storage = localStorage): WithdrawEntry[] {
    try {
      const all = JSON.parse(storage.getItem(KEY) ?? '{}') as Record<string, WithdrawEntry[]>;
      return all[account] ?? [];
    } catch {
      return [];
    }
  },
  upsert(account: string, entry: WithdrawEntry, storage: Storage = localStorage): void {
    let all: Record<string, WithdrawEntry[]> = {};
    try {
      all = JSON.parse(storage.getItem(KEY) ?? '{}') as Record<string, WithdrawEntry[]>;
    } catch {
      // start over
    }
    const list = (all[account] ?? []).filter((e) => e.id !== entry.id);
    all[account] = [entry, ...list].slice(0, 50);
    storage.setItem(KEY, JSON.stringify(all));
  },
};
