import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { errorWords } from '../../trading/wallet-words';
import { SignInRefused, type SignInProblem } from '../../wallet/signed-data';

/** Why the app refused to ask the wallet to sign (src/wallet/signed-data.ts), in words. */
export function signInProblemWords(p: SignInProblem, i18n: I18n): string {
  switch (p.code) {
    case 'bad-signature':
      return i18n._(msg`The sign-in challenge signature is not the service’s.`);
    case 'expired':
      return i18n._(msg`The sign-in challenge has expired. Try again.`);
    case 'unknown-key':
      return i18n._(msg`The sign-in challenge is signed with a key the service does not publish.`);
    case 'invalid-claim': {
      const { claim } = p;
      return i18n._(msg`The sign-in challenge lacks a valid ${claim}.`);
    }
    case 'undecodable':
      return i18n._(msg`The sign-in challenge cannot be decoded.`);
    case 'not-a-jwt':
      return i18n._(msg`The sign-in challenge is not a JWT.`);
    case 'algorithm': {
      const { alg } = p;
      return i18n._(msg`The sign-in challenge uses ${alg}, not ES256.`);
    }
    case 'missing-field': {
      const { field } = p;
      return i18n._(msg`The sign-in challenge lacks ${field}.`);
    }
    case 'other-session':
      return i18n._(msg`The sign-in challenge is for another session key.`);
    case 'other-address':
      return i18n._(msg`The sign-in challenge names another wallet address.`);
    case 'other-domain': {
      const { domain, expected } = p;
      return i18n._(msg`The sign-in challenge is for ${domain}, not ${expected}.`);
    }
    case 'other-uri': {
      const { uri, expected } = p;
      return i18n._(msg`The sign-in challenge points to ${uri}, not ${expected}.`);
    }
    case 'message-mismatch':
      return i18n._(msg`The message to sign does not match the challenge.`);
  }
}

/** What went wrong signing in: a refused challenge or a wallet problem in words, the service's answer as written. */
export function signInErrorWords(e: unknown, i18n: I18n): string {
  if (e instanceof SignInRefused) return signInProblemWords(e.problem, i18n);
  return errorWords(e, i18n);
}
