import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { useToasts } from '../stores/toasts';
import { sendWithOutcome } from './send-with-outcome';

const toasts = () => useToasts.getState().toasts.map((t) => ({ kind: t.kind, title: t.title }));
const failure = (kind: 'network' | 'http') =>
  new ApiError({ kind, code: kind === 'network' ? 0 : 400, status: kind === 'network' ? 0 : 400, message: kind === 'network' ? 'Cannot reach 127.0.0.1:7100: fetch failed' : 'order not found', endpoint: '/api/cancel_order' });
const words = { sent: 'Cancel requested', done: 'Cancel accepted', refused: 'Cancel refused' };

describe('sendWithOutcome', () => {
  beforeEach(() => useToasts.setState({ toasts: [] }));

  it("a refusal is told in the service's words", async () => {
    const ok = await sendWithOutcome({ send: () => Promise.reject(failure('http')), stream: null, what: 'Sell 0 BTC-USD', words });
    expect(ok).toBe(false);
    expect(toasts()).toEqual([{ kind: 'error', title: 'Cancel refused: Sell 0 BTC-USD' }]);
  });

  it('no answer is never called a refusal: the outcome is unknown', async () => {
    const ok = await sendWithOutcome({ send: () => Promise.reject(failure('network')), stream: null, what: 'Sell 0 BTC-USD', words });
    expect(ok).toBe(false);
    expect(toasts()).toEqual([{ kind: 'warn', title: 'No answer: Sell 0 BTC-USD' }]);
  });
});
