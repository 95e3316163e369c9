import type { WithdrawResponse } from '../api/schemas';

/** A withdrawal as the history shows it (the bridge's list on the devnet, or kept in this browser). */
export interface WithdrawEntry {
  id: string;
  amount: string;
  fee: string;
  status: string;
  createdAt: string;
  txHash?: string | undefined;
  /** A Pending withdrawal whose authorization is known here: the history can continue it. */
  resumable?: PendingWithdrawal | undefined;
}

/**
 * A withdrawal the bridge authorized that is not yet confirmed: all the wallet needs to send (or
 * re-check) `reqRemoteCall` after a reload. `txHash` once the wallet has sent it.
 */
export interface PendingWithdrawal {
  withdrawal: WithdrawResponse;
  txHash: string | null;
}

const HISTORY_KEY = 'perps.withdrawals.v1';
const PENDING_KEY = 'perps.withdraw-pending.v1';

export function entryOf(w: WithdrawResponse, txHash?: string | null): WithdrawEntry {
  return { id: w.tx.id, amount: w.tx.token_amount, fee: w.withdraw_fee, status: w.tx.status, createdAt: w.tx.created_at, txHash: txHash ?? (w.tx.src_tx || undefined) };
}

function readAll<T>(storage: Storage, key: string): Record<string, T> {
  try {
    return JSON.parse(storage.getItem(key) ?? '{}') as Record<string, T>;
  } catch {
    return {};
  }
}

/** Off the devnet the service has no history endpoint: this browser remembers what it sent. */
export const localWithdrawals = {
  list(account: string, storage: Storage = localStorage): WithdrawEntry[] {
    return readAll<WithdrawEntry[]>(storage, HISTORY_KEY)[account] ?? [];
  },
  upsert(account: string, entry: WithdrawEntry, storage: Storage = localStorage): void {
    const all = readAll<WithdrawEntry[]>(storage, HISTORY_KEY);
    const list = (all[account] ?? []).filter((e) => e.id !== entry.id);
    all[account] = [entry, ...list].slice(0, 50);
    storage.setItem(HISTORY_KEY, JSON.stringify(all));
  },
};

/** The one unfinished withdrawal per account, so the stepper resumes where a reload left it. */
export const pendingWithdrawals = {
  get(account: string, storage: Storage = localStorage): PendingWithdrawal | null {
    const p = readAll<PendingWithdrawal>(storage, PENDING_KEY)[account];
    return p && typeof p === 'object' && p.withdrawal?.tx?.id ? p : null;
  },
  set(account: string, pending: PendingWithdrawal | null, storage: Storage = localStorage): void {
    const all = readAll<PendingWithdrawal>(storage, PENDING_KEY);
    if (pending) all[account] = pending;
    else delete all[account];
    storage.setItem(PENDING_KEY, JSON.stringify(all));
  },
};

/**
 * The history as shown: the bridge's list (with the hashes this browser saw) when there is one, else
 * the local one. A Pending row carries what continuing it needs: the bridge's own authorization, or
 * this browser's Pending record (where the bridge has no list, the only authorization known).
 */
export function mergeHistory(bridge: WithdrawResponse[] | null, local: WithdrawEntry[], pending: PendingWithdrawal | null = null): WithdrawEntry[] {
  const hashes = new Map(local.map((e) => [e.id, e.txHash]));
  if (pending?.txHash) hashes.set(pending.withdrawal.tx.id, pending.txHash);
  const resumable = (e: WithdrawEntry, w: WithdrawResponse | null): WithdrawEntry => {
    if (e.status !== 'Pending') return e;
    if (pending && pending.withdrawal.tx.id === e.id) return { ...e, resumable: pending };
    return w ? { ...e, resumable: { withdrawal: w, txHash: e.txHash ?? null } } : e;
  };
  if (!bridge) return local.map((e) => resumable(e, null));
  return bridge.map((w) => resumable(entryOf(w, hashes.get(w.tx.id)), w));
}
