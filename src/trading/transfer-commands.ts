import { t as words } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import { isApiError } from '../api/errors';
import { useApi } from '../api/react';
import { queryKeys } from '../api/query-keys';
import { formatFixed } from '../lib/format';
import { toast } from '../stores/toasts';
import { useTransferLog } from '../stores/transfer-log';
import { actingAccount, useSessionStore } from '../wallet/session-store';
import { mutationKeys } from './mutation-keys';


/** A move between the Cash Wallet ('spot') and the Perps Wallet, of an exact decimal amount of DUSD. */
export interface Transfer {
  to: 'perps' | 'spot';
  amount: string;
}

/**
 * The one mutation function of every Cash ↔ Perps move: the transfer form, and the withdraw when
 * Cash is short (spec §4.3, signed, HTTP only). A confirmed move is logged for `account`: the service
 * keeps no transfer history, and the Portfolio's account value marks the moves it knows of.
 */
export async function sendTransfer(api: ApiClient, t: Transfer, account: string | null): Promise<unknown> {
  const body = { amount: t.amount, token: 'DUSD' };
  const answer = await (t.to === 'perps' ? api.wallet.transferToPerps(body) : api.wallet.transferToSpot(body));
  if (account) useTransferLog.getState().logged({ account, at: api.transport.now(), to: t.to, amount: t.amount });
  return answer;
}

/**
 * Moves DUSD between the Cash and Perps Wallets and re-reads both rows. The form shows a refusal
 * itself; a request that got no answer is not called a refusal: the toast says the outcome is
 * unknown, and the rows are re-read, which tell the truth either way.
 */
export function useTransfer() {
  const api = useApi();
  const qc = useQueryClient();
  const account = useSessionStore(actingAccount);
  const reread = () => (account ? qc.invalidateQueries({ queryKey: queryKeys.user.walletRows(account) }) : Promise.resolve());
  return useMutation({
    mutationKey: mutationKeys.transfer,
    mutationFn: (t: Transfer) => sendTransfer(api, t, account),
    onSuccess: async (_, t) => {
      // Toasts are written when they are raised, in the language of that moment.
      const amount = formatFixed(t.amount, 2);
      toast({ kind: 'success', title: t.to === 'perps' ? words`Moved ${amount} DUSD to the Perps Wallet` : words`Moved ${amount} DUSD to the Cash Wallet` });
      await reread();
    },
    onError: async (e, t) => {
      if (!isApiError(e) || e.kind !== 'network') return;
      const reason = e.message;
      toast({
        kind: 'warn',
        title:
          t.to === 'perps'
            ? words`No answer from the exchange: the move to the Perps Wallet may or may not have happened`
            : words`No answer from the exchange: the move to the Cash Wallet may or may not have happened`,
        body: words`${reason}. Checking your balances…`,
      });
      await reread();
    },
  });
}
