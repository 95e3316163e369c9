import { t } from '@lingui/core/macro';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isNoAnswer } from '../api/errors';
import { toast } from '../stores/toasts';
import { actingAccount, useSessionStore } from '../wallet/session-store';

/**
 * What a trader reads about one account command: "Leverage set to 5× on BTC-USD" / "Leverage not changed",
 * in the language of the moment it is sent.
 */
export interface CommandWords {
  done: string;
  refused: string;
  /** The whole warning when the service did not answer ("No answer from the exchange: leverage on BTC-USD may or may not have changed"). */
  unknown: string;
}

export interface AccountCommand {
  send: () => Promise<unknown>;
  words: CommandWords;
  /** The queries the command changes: refreshed after it is accepted, and when its outcome is unknown. */
  refresh: readonly QueryKey[];
  /** Leave the success toast to the caller (a step inside a larger command, e.g. leverage before an order). */
  quiet?: boolean;
  /** 'info' when acceptance is not yet the outcome (cancels: the stream tells when each order is gone). */
  doneKind?: 'success' | 'info';
}

/**
 * The one mutation function of the account commands (leverage, margin mode, isolated margin,
 * cancel-all): send, then refresh what it changed. A refusal toasts the service's words; a request
 * that got no answer is not called a refusal — it says the outcome is unknown and re-reads the
 * account, which tells the truth either way. Resolves true only when the service accepted it.
 */
export async function runAccountCommand(qc: QueryClient, { send, words, refresh, quiet = false, doneKind = 'success' }: AccountCommand): Promise<boolean> {
  const reread = () => Promise.all(refresh.map((queryKey) => qc.invalidateQueries({ queryKey })));
  try {
    await send();
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (isNoAnswer(e)) {
      toast({ kind: 'warn', title: words.unknown, body: t`${message}. Checking your account…` });
      await reread();
    } else {
      toast({ kind: 'error', title: words.refused, body: message });
    }
    return false;
  }
  await reread();
  if (!quiet) toast({ kind: doneKind, title: words.done });
  return true;
}

/** runAccountCommand bound to the query cache and the acting account, whose queries `refresh` names. */
export function useAccountCommandRunner() {
  const qc = useQueryClient();
  const account = useSessionStore(actingAccount);
  return useCallback(
    ({ refresh, ...command }: Omit<AccountCommand, 'refresh'> & { refresh: (account: string) => readonly QueryKey[] }) =>
      runAccountCommand(qc, { ...command, refresh: account ? refresh(account) : [] }),
    [qc, account],
  );
}
