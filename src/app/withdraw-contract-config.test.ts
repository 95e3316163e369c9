import { describe, expect, it } from 'vitest';
import { configuredWithdrawContract } from '../wallet/withdraw-transaction';
import { readConfig } from './read-config';

const GOOD = '0xAbCdEf0123456789abcdef0123456789ABCDEF01';

describe('VITE_WITHDRAW_CONTRACT in the app config (issue #13 item 11)', () => {
  it('the public preset knows no withdraw contract unless configured; the setting names it', () => {
    const plain = readConfig({ VITE_PRESET: 'public' });
    expect(configuredWithdrawContract(plain, 56)).toBeNull();
    const set = readConfig({ VITE_PRESET: 'public', VITE_WITHDRAW_CONTRACT: GOOD });
    expect(configuredWithdrawContract(set, 56)).toBe(GOOD);
    expect(configuredWithdrawContract(set, 97)).toBeNull();
  });
});
