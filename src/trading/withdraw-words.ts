import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { StepId, WithdrawFailure, WithdrawNote } from '../wallet/withdraw-machine';
import { errorWords } from './wallet-words';
import { formatClock } from '../lib/time';

/** The guided withdraw's steps, as the stepper lists them. */
export const WITHDRAW_STEP_LABELS: Readonly<Record<StepId, MessageDescriptor>> = {
  transfer: msg`Move funds from the Perps Wallet to the Cash Wallet (if Cash is short)`,
  request: msg`Ask the bridge for a withdraw authorization`,
  check: msg`Switch the wallet to the authorized chain and check the account`,
  submit: msg`Send reqRemoteCall from your wallet`,
  receipt: msg`Wait for the transaction receipt`,
  confirm: msg`Bridge releases the DUSD: Confirmed`,
};

/** The stepper's note (src/wallet/withdraw-machine.ts `WithdrawNote`) in words. */
export function withdrawNoteWords(note: WithdrawNote, i18n: I18n): string {
  switch (note.code) {
    case 'sending-built-in':
      return i18n._(msg`Sending reqRemoteCall from the built-in Devnet wallet…`);
    case 'confirm-in-wallet':
      return i18n._(msg`Confirm reqRemoteCall in your wallet…`);
    case 'sent': {
      const { hash } = note;
      return i18n._(msg`Sent ${hash}`);
    }
    case 'confirmed': {
      const { received, to } = note;
      return i18n._(msg`Confirmed: ${received} DUSD sent to ${to}`);
    }
    case 'resume-sent': {
      const { amount, hash } = note;
      return i18n._(msg`Withdrawal of ${amount} DUSD sent as ${hash}: check its outcome.`);
    }
    case 'resume-authorized': {
      const { amount } = note;
      const time = formatClock(note.expiresAt * 1000);
      return i18n._(msg`Withdrawal of ${amount} DUSD is authorized but not sent yet: send it from your wallet before ${time}.`);
    }
  }
}

/** Why a step failed, or that its outcome is unknown (never called a rejection), in words. */
export function withdrawFailureWords(f: WithdrawFailure, i18n: I18n): string {
  const text = errorWords(f.error, i18n);
  const hash = f.hash ?? '';
  switch (f.code) {
    case 'transfer-no-answer':
      return i18n._(
        msg`No answer from the exchange: the move to the Cash Wallet may or may not have happened (${text}). Check your balances before trying again.`,
      );
    case 'request-no-answer':
      return i18n._(msg`No answer from the bridge: the withdrawal may or may not have been requested (${text}). Check the history below before trying again.`);
    case 'declined-in-wallet':
      return i18n._(msg`You declined the transaction in your wallet: nothing was sent. The authorization stays valid until it expires.`);
    case 'receipt-unknown':
      return i18n._(msg`Sent ${hash}, but its outcome on-chain is unknown (${text}). Check again: it will not be sent twice.`);
    case 'confirm-unknown':
      return i18n._(msg`Sent ${hash}, but the bridge has not confirmed it yet (${text}). Check again: it will not be sent twice.`);
    case 'refused':
      return text;
  }
}

/** A withdrawal's status as the bridge reports it; one the app does not know is shown as the bridge wrote it. */
export function withdrawStatusWords(status: string, i18n: I18n): string {
  if (status === 'Pending') return i18n._(msg`Pending`);
  if (status === 'Confirmed') return i18n._(msg`Confirmed`);
  if (status === 'Expired') return i18n._(msg`Expired`);
  return status;
}
