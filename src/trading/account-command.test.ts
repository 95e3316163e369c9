import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { useToasts } from '../stores/toasts';
import { runAccountCommand } from './account-command';

const words = { done: 'Leverage set to 5× on BTC-USD', refused: 'Leverage not changed', unknown: 'No answer from the exchange: leverage on BTC-USD may or may not have changed' };
const key = ['user', '0xabc', 'position-config', 'BTC-USD'] as const;

function seeded() {
  const qc = new QueryClient();
  qc.setQueryData(key, { leverage: 10 });
  return qc;
}
const toasts = () => useToasts.getState().toasts.map((t) => ({ kind: t.kind, title: t.title }));
const failure = (kind: 'network' | 'http') =>
  new ApiError({ kind, code: kind === 'network' ? -1 : 400, message: kind === 'network' ? 'Failed to fetch' : 'leverage exceeds max', status: kind === 'network' ? 0 : 400, endpoint: '/api/change_leverage' });

describe('runAccountCommand', () => {
  beforeEach(() => useToasts.setState({ toasts: [] }));

  it('accepted: says so and re-reads what the command changed', async () => {
    const qc = seeded();
    const ok = await runAccountCommand(qc, { send: async () => ({ request_id: 'r1' }), words, refresh: [key] });
    expect(ok).toBe(true);
    expect(toasts()).toEqual([{ kind: 'success', title: words.done }]);
    expect(qc.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it("refused: shows the service's words and changes nothing on screen", async () => {
    const qc = seeded();
    const ok = await runAccountCommand(qc, { send: () => Promise.reject(failure('http')), words, refresh: [key] });
    expect(ok).toBe(false);
    expect(useToasts.getState().toasts[0]).toMatchObject({ kind: 'error', title: 'Leverage not changed', body: 'leverage exceeds max' });
    expect(qc.getQueryState(key)?.isInvalidated).toBe(false);
  });

  it('no answer: never called a refusal — the outcome is unknown and the account is re-read', async () => {
    const qc = seeded();
    const ok = await runAccountCommand(qc, { send: () => Promise.reject(failure('network')), words, refresh: [key] });
    expect(ok).toBe(false);
    const [t] = toasts();
    expect(t?.kind).toBe('warn');
    expect(t?.title).toContain('may or may not have changed');
    expect(t?.title).not.toContain('not changed');
    expect(qc.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
