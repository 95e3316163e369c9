import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { SignInRefused } from '../../wallet/signed-data';
import { WalletError } from '../../wallet/wallet-problem';
import { signInErrorWords } from './session-words';

describe('session words (English as before the catalogue)', () => {
  it('says a refused sign-in challenge', () => {
    expect(signInErrorWords(new SignInRefused({ code: 'expired' }, 'x'), i18n)).toBe('The sign-in challenge has expired. Try again.');
    expect(signInErrorWords(new SignInRefused({ code: 'other-domain', domain: 'evil.example', expected: 'devnet.perps.local' }, 'x'), i18n)).toBe(
      'The sign-in challenge is for evil.example, not devnet.perps.local.',
    );
    expect(signInErrorWords(new SignInRefused({ code: 'algorithm', alg: 'HS256' }, 'x'), i18n)).toBe('The sign-in challenge uses HS256, not ES256.');
  });

  it('says a wallet problem, and the service’s answer as it was written', () => {
    expect(signInErrorWords(new WalletError({ code: 'wallet-gone' }, 'x'), i18n)).toBe('That wallet is no longer available');
    expect(signInErrorWords(new Error('address mismatch'), i18n)).toBe('address mismatch');
  });
});
