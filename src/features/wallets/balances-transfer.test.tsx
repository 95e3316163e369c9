// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { WalletRow } from '../../api/schemas';
import { mountEachTest } from '../../testing/mount-each-test';

type Options = { onSuccess?: () => void; onSettled?: () => void };
const transfer = { mutate: vi.fn<(t: unknown, o: Options) => void>(), isPending: false, error: null as Error | null };
vi.mock('../../trading/transfer-commands', () => ({ useTransfer: () => transfer }));
const { BalancesTransfer } = await import('./balances-transfer');

const view = mountEachTest();
const row = (free: string) => ({ account_type: 'spot', free, locked: '0', total: free }) as unknown as WalletRow;
const rows = { cash: row('95'), perps: row('0'), refresh: async () => {} };
const amount = () => view.container.querySelector<HTMLInputElement>('input[aria-label="Transfer amount"]')!;
const buttonNamed = (name: string) => [...view.container.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === name)!;
function type(text: string) {
  const input = amount();
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const submit = () => act(() => view.container.querySelector('form')!.requestSubmit());

describe('transfer for a keyboard and a screen reader', () => {
  it('a refused amount: the field is invalid, described by the reason, and focused', () => {
    view.render(<BalancesTransfer rows={rows} />);
    type('200');
    buttonNamed('Move to Perps Wallet').focus();
    submit();
    const input = amount();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('You have 95.00 DUSD available');
    expect(document.activeElement).toBe(input);
  });

  it('"Move to Perps Wallet" focuses the confirmation; Cancel comes back to the button; confirming lands on the amount', () => {
    view.render(<BalancesTransfer rows={rows} />);
    type('10');
    buttonNamed('Move to Perps Wallet').focus();
    submit();
    expect(document.activeElement).toBe(buttonNamed('Move 10.00 DUSD'));
    act(() => buttonNamed('Cancel').click());
    expect(document.activeElement).toBe(buttonNamed('Move to Perps Wallet'));
    submit();
    act(() => buttonNamed('Move 10.00 DUSD').click());
    const [, options] = transfer.mutate.mock.calls[0]!;
    act(() => {
      options.onSuccess?.();
      options.onSettled?.();
    });
    expect(document.activeElement).toBe(amount());
  });
});
