import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiClient } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useApi, useServiceConfig } from '../api/react';
import type { WithdrawResponse } from '../api/schemas';
import type { ServiceConfig } from '../api/service-config';
import { toast } from '../stores/toasts';
import { loadEvm } from '../wallet/evm-runtime';
import { serviceExtras } from '../wallet/service-extras';
import { actingAccount, useSessionStore } from '../wallet/session-store';
import { activeStep, idle, next, resume, runWithdraw, type WithdrawEffects, type WithdrawState } from '../wallet/withdraw-machine';
import { localWithdrawals, pendingWithdrawals, type PendingWithdrawal } from '../wallet/withdraw-records';
import { sendingAccount } from '../wallet/sending-account';
import { checkWithdrawContract, requesterNotConnected } from '../wallet/withdraw-transaction';
import { mutationKeys } from './mutation-keys';
import { sendTransfer } from './transfer-commands';
import { withdrawFailureWords, withdrawNoteWords } from './withdraw-words';

/** How long the stepper waits for the bridge to see the transaction before calling the outcome unknown. */
const CONFIRMATION_WAIT_SECONDS = 90;

interface Context {
  api: ApiClient;
  config: ServiceConfig;
  account: string;
  /** The address signed in: the account that must send reqRemoteCall. */
  signedIn: string;
  token: string;
  reread: () => Promise<unknown>;
  /** The history changed (a row added, a hash or a status). */
  recorded: () => void;
}

/** The machine's effects on the real exchange, bridge, wallet and this browser's storage. */
function withdrawEffects({ api, config, account, signedIn, token, reread, recorded }: Context): WithdrawEffects {
  const extras = serviceExtras(config);
  const nowSeconds = () => Math.floor(api.transport.now() / 1000);
  // The contract the bridge names must be the withdraw contract this app knows for that chain
  // (VITE_WITHDRAW_CONTRACT, or the devnet's own): checked before the wallet is even loaded.
  const expected = async (w: WithdrawResponse) => {
    const contract = await extras.withdrawContract(w.signature.chain_id);
    checkWithdrawContract(w, contract);
    return contract;
  };
  // The built-in wallet sends by itself; otherwise the connected wallet app is asked.
  const sender = async () => {
    const account = await sendingAccount(config, signedIn);
    if (!account) throw requesterNotConnected();
    return account;
  };
  return {
    moveToCash: async (amount) => {
      await sendTransfer(api, { to: 'spot', amount }, account);
      await reread();
    },
    request: (amount) => api.wallet.withdraw({ amount, chain: 'bsc', token: 'DUSD' }),
    check: async (w) => {
      const contract = await expected(w);
      const account = await sender();
      await account.prepareWithdraw(w, nowSeconds(), contract);
      return account.kind;
    },
    send: async (w) => {
      const contract = await expected(w);
      return (await sender()).submitWithdraw(w, nowSeconds(), contract);
    },
    waitForReceipt: async (w, hash) => {
      const { evm, config: wagmi } = await loadEvm(config);
      await evm.waitForReceipt(wagmi, hash as `0x${string}`, w.signature.chain_id);
    },
    awaitConfirmation: async (w) => {
      // Where the bridge lists withdrawals, wait until it reports this one Confirmed.
      if (!extras.withdrawals) return;
      for (let i = 0; i < CONFIRMATION_WAIT_SECONDS; i++) {
        const mine = (await extras.withdrawals(token)).find((x) => x.tx.id === w.tx.id);
        if (mine?.tx.status === 'Confirmed') return;
        await new Promise((r) => setTimeout(r, 1000));
      }
      const seconds = CONFIRMATION_WAIT_SECONDS;
      throw new Error(t`the bridge still lists it as pending after ${seconds} s`);
    },
    record: ({ pending, entry }) => {
      if (entry) localWithdrawals.upsert(account, entry);
      pendingWithdrawals.set(account, pending);
      recorded();
    },
  };
}

/**
 * The withdraw command: drives the step machine (src/wallet/withdraw-machine.ts) with the real
 * effects, and resumes an unfinished withdrawal from its Pending record when the page loads or the
 * acting account changes. `busy` is the mutation's own state.
 */
export function useWithdraw() {
  const api = useApi();
  const config = useServiceConfig();
  const qc = useQueryClient();
  const session = useSessionStore((s) => s.session);
  const account = useSessionStore(actingAccount);
  const stored = () => resume(account ? pendingWithdrawals.get(account) : null, Math.floor(api.transport.now() / 1000));
  // The stepper belongs to the acting account: another account resumes from its own record.
  const [held, setHeld] = useState(() => ({ account, state: stored() }));
  if (held.account !== account) setHeld({ account, state: stored() });
  const state = held.account === account ? held.state : idle;

  const mutation = useMutation({
    mutationKey: mutationKeys.withdraw,
    mutationFn: async (from: WithdrawState) => {
      if (!account || !session) throw new Error(t`Sign in to withdraw`);
      const reread = () => qc.invalidateQueries({ queryKey: queryKeys.user.walletRows(account) });
      const recorded = () => void qc.invalidateQueries({ queryKey: queryKeys.user.withdrawals(account) });
      const fx = withdrawEffects({ api, config, account, signedIn: session.address, token: session.token, reread, recorded });
      const end = await runWithdraw(from, fx, (s) => setHeld((h) => (h.account === account ? { account, state: s } : h)));
      // The toast is written when it is raised, in the language of that moment (the global i18n).
      if (end.confirmed) {
        toast({ kind: 'success', title: t`Withdrawal confirmed`, ...(end.note ? { body: withdrawNoteWords(end.note, i18n) } : {}) });
        await reread();
      } else if (end.failure?.kind === 'unknown') {
        toast({ kind: 'warn', title: t`Withdrawal outcome unknown`, body: withdrawFailureWords(end.failure, i18n) });
      }
      return end;
    },
  });
  const run = (from: WithdrawState, onConfirmed?: () => void) => {
    if (mutation.isPending || from === state || !activeStep(from)) return;
    mutation.mutate(from, { onSuccess: (end) => (end.confirmed ? onConfirmed?.() : undefined) });
  };

  return {
    state,
    busy: mutation.isPending,
    /** Withdraws `amount`, first moving `short` from Perps to Cash when Cash alone does not cover it. */
    start: (amount: string, short: string | null, onConfirmed?: () => void) => run(next(state, { type: 'start', amount, short }), onConfirmed),
    /** Goes on from the Pending record: send it from the wallet, or check the sent transaction. */
    proceed: () => run(next(state, { type: 'continue' })),
    /** Goes on with a Pending withdrawal of the history (after a reload, or one the stepper no longer shows). */
    continueFrom: (pending: PendingWithdrawal) => run(next(resume(pending, Math.floor(api.transport.now() / 1000)), { type: 'continue' })),
  };
}
