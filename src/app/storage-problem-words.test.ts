import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { storageProblemWords } from './storage-problem-words';

describe('storage problem words (English as before the catalogue)', () => {
  it('says what this browser could not do with the stored session', () => {
    expect(storageProblemWords({ code: 'keep', reason: 'quota exceeded' }, i18n)).toBe(
      'This browser could not keep your session (quota exceeded): after a reload you will need to sign in again.',
    );
    expect(storageProblemWords({ code: 'forget', reason: 'r' }, i18n)).toBe(
      "This browser could not forget your session (r): a reload may sign you back in; clear this site's data to be sure.",
    );
    expect(storageProblemWords({ code: 'read', reason: 'r' }, i18n)).toBe('Your saved session could not be read (r): sign in again.');
    expect(storageProblemWords({ code: 'remove-expired', reason: 'r' }, i18n)).toBe('An expired session could not be removed from this browser (r).');
  });
});
