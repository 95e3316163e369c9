import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { WalletError } from '../wallet/wallet-problem';
import type { WithdrawFailure } from '../wallet/withdraw-machine';
import { WithdrawNotAllowed } from '../wallet/withdraw-transaction';
import { errorWords } from './wallet-words';
import { WITHDRAW_STEP_LABELS, withdrawFailureWords, withdrawNoteWords, withdrawStatusWords } from './withdraw-words';
import { formatClock } from '../lib/time';

const noAnswer = new ApiError({ kind: 'network', code: 0, status: 0, message: 'Failed to fetch', endpoint: 'POST /api/withdraw' });
const failure = (f: Omit<WithdrawFailure, 'step' | 'kind'>): WithdrawFailure => ({ step: 'receipt', kind: 'unknown', ...f });

describe('the withdraw stepper in words (English as before the catalogue)', () => {
  it('names the steps', () => {
    expect(i18n._(WITHDRAW_STEP_LABELS.transfer)).toBe('Move funds from the Perps Wallet to the Cash Wallet (if Cash is short)');
    expect(i18n._(WITHDRAW_STEP_LABELS.confirm)).toBe('Bridge releases the DUSD: Confirmed');
  });

  it('says each note', () => {
    expect(withdrawNoteWords({ code: 'confirm-in-wallet' }, i18n)).toBe('Confirm reqRemoteCall in your wallet…');
    expect(withdrawNoteWords({ code: 'sending-built-in' }, i18n)).toBe('Sending reqRemoteCall from the built-in Devnet wallet…');
    expect(withdrawNoteWords({ code: 'sent', hash: '0xcdcdcdcdcd…' }, i18n)).toBe('Sent 0xcdcdcdcdcd…');
    expect(withdrawNoteWords({ code: 'confirmed', received: '119.90', to: '0x111111…' }, i18n)).toBe('Confirmed: 119.90 DUSD sent to 0x111111…');
    expect(withdrawNoteWords({ code: 'resume-sent', amount: '120.00', hash: '0xcdcdcdcdcd…' }, i18n)).toBe(
      'Withdrawal of 120.00 DUSD sent as 0xcdcdcdcdcd…: check its outcome.',
    );
    expect(withdrawNoteWords({ code: 'resume-authorized', amount: '120.00', expiresAt: 1_800_000_000 }, i18n)).toBe(
      `Withdrawal of 120.00 DUSD is authorized but not sent yet: send it from your wallet before ${formatClock(1_800_000_000_000)}.`,
    );
  });

  it('says a failure, never calling an unknown outcome a rejection, with the error’s own words inside', () => {
    expect(withdrawFailureWords(failure({ code: 'transfer-no-answer', error: noAnswer }), i18n)).toBe(
      'No answer from the exchange: the move to the Cash Wallet may or may not have happened (Failed to fetch). Check your balances before trying again.',
    );
    const request = withdrawFailureWords(failure({ code: 'request-no-answer', error: noAnswer }), i18n);
    expect(request).toBe('No answer from the bridge: the withdrawal may or may not have been requested (Failed to fetch). Check the history below before trying again.');
    expect(request).not.toMatch(/reject|refus/i);
    expect(withdrawFailureWords(failure({ code: 'declined-in-wallet', error: new Error('User rejected') }), i18n)).toBe(
      'You declined the transaction in your wallet: nothing was sent. The authorization stays valid until it expires.',
    );
    expect(withdrawFailureWords(failure({ code: 'receipt-unknown', error: new Error('HTTP request failed'), hash: '0xcdcdcdcdcd…' }), i18n)).toBe(
      'Sent 0xcdcdcdcdcd…, but its outcome on-chain is unknown (HTTP request failed). Check again: it will not be sent twice.',
    );
    expect(withdrawFailureWords(failure({ code: 'confirm-unknown', error: new Error('slow'), hash: '0xcdcdcdcdcd…' }), i18n)).toBe(
      'Sent 0xcdcdcdcdcd…, but the bridge has not confirmed it yet (slow). Check again: it will not be sent twice.',
    );
    // A refusal is the exchange's words, or the wallet layer's problem in words.
    expect(withdrawFailureWords(failure({ code: 'refused', error: new Error('insufficient balance') }), i18n)).toBe('insufficient balance');
    const evil = '0x6666666666666666666666666666666666666666';
    const good = '0x5555555555555555555555555555555555555555';
    const wrong = new WithdrawNotAllowed({ code: 'wrong-withdraw-contract', chainId: 31337, named: evil, expected: good }, 'diagnostic');
    expect(withdrawFailureWords(failure({ code: 'refused', error: wrong }), i18n)).toBe(
      `The bridge asked to send this withdrawal to ${evil}, which is not the withdraw contract of chain 31337 (${good}): refused, nothing was sent to your wallet.`,
    );
  });

  it('says the bridge’s statuses it knows, and shows any other as the bridge wrote it', () => {
    expect(withdrawStatusWords('Pending', i18n)).toBe('Pending');
    expect(withdrawStatusWords('Confirmed', i18n)).toBe('Confirmed');
    expect(withdrawStatusWords('Refunded', i18n)).toBe('Refunded');
  });
});

describe('wallet-layer problems in words', () => {
  it('reads as the wallet layer used to write them', () => {
    expect(errorWords(new WalletError({ code: 'connect-requester' }, 'x'), i18n)).toBe('Connect the EVM wallet that requested this withdrawal');
    expect(errorWords(new WalletError({ code: 'chain-not-configured', chainId: 97 }, 'x'), i18n)).toBe(
      'The withdraw authorization is for chain 97, which this app is not configured for',
    );
    expect(errorWords(new WalletError({ code: 'no-withdraw-contract', chainId: 56, named: '0xabc' }, 'x'), i18n)).toBe(
      "No withdraw contract is configured for chain 56, so the bridge's contract 0xabc cannot be checked: nothing was sent. Set VITE_WITHDRAW_CONTRACT to the published withdraw contract.",
    );
    expect(errorWords(new WalletError({ code: 'wrong-caller', caller: '0xa', connected: '0xb' }, 'x'), i18n)).toBe(
      'Connect 0xa: only that account may submit this withdrawal (connected: 0xb).',
    );
    expect(errorWords(new WalletError({ code: 'built-in-other-chain', own: 31337, asked: 56 }, 'x'), i18n)).toBe(
      'The built-in Devnet wallet sends only on the devnet chain 31337, not on chain 56',
    );
    expect(errorWords(new WalletError({ code: 'too-many-places', label: 'withdraw fee', value: '0.05', decimals: 1 }, 'x'), i18n)).toBe(
      'Invalid withdraw fee "0.05": more than 1 decimal places',
    );
    expect(errorWords(new WalletError({ code: 'disconnect-failed', wallet: null, detail: 'busy' }, 'x'), i18n)).toBe(
      'Could not disconnect the connected wallet before connecting another: busy',
    );
  });

  it('shows any other error as it was written (a library’s short message first)', () => {
    expect(errorWords(Object.assign(new Error('long'), { shortMessage: 'short' }), i18n)).toBe('short');
    expect(errorWords('plain', i18n)).toBe('plain');
  });
});
