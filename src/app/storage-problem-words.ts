import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { StorageProblem } from '../wallet/session-store';

// Apart from the sign-in dialog's words: the banner that says this is part of the first paint.
/** What this browser could not do with the stored session (session-store `storageProblem`), in words. */
export function storageProblemWords(p: StorageProblem, i18n: I18n): string {
  const { reason } = p;
  switch (p.code) {
    case 'keep':
      return i18n._(msg`This browser could not keep your session (${reason}): after a reload you will need to sign in again.`);
    case 'forget':
      return i18n._(msg`This browser could not forget your session (${reason}): a reload may sign you back in; clear this site's data to be sure.`);
    case 'read':
      return i18n._(msg`Your saved session could not be read (${reason}): sign in again.`);
    case 'remove-expired':
      return i18n._(msg`An expired session could not be removed from this browser (${reason}).`);
  }
}
