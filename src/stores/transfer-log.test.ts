// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_LOGGED_TRANSFERS, readStoredTransfers, useTransferLog } from './transfer-log';

const move = { account: '0xabc', at: 1_700_000_000_000, to: 'perps' as const, amount: '250.5' };

describe('the transfers this browser made', () => {
  beforeEach(() => useTransferLog.setState({ transfers: [] }));

  it('keeps a confirmed move exactly as it was sent', () => {
    useTransferLog.getState().logged(move);
    expect(useTransferLog.getState().transfers).toEqual([move]);
  });

  it('drops a stored entry with a wrong field instead of failing the page', () => {
    const stored = { transfers: [move, { ...move, amount: '1e3' }, { ...move, to: 'cash' }, { ...move, at: 'yesterday' }, null] };
    expect(readStoredTransfers(stored)).toEqual([move]);
    expect(readStoredTransfers('garbage')).toEqual([]);
  });

  it('keeps the newest when there are too many', () => {
    for (let i = 0; i < MAX_LOGGED_TRANSFERS + 3; i++) useTransferLog.getState().logged({ ...move, at: i });
    const kept = useTransferLog.getState().transfers;
    expect(kept).toHaveLength(MAX_LOGGED_TRANSFERS);
    expect(kept[0]!.at).toBe(3);
  });
});
