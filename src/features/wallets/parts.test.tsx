// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { mountEachTest } from '../../testing/mount-each-test';
import { AmountInput } from './parts';

const view = mountEachTest();

describe('wallet amount field', () => {
  it('a refused amount is announced and tied to its field: aria-invalid, aria-describedby the reason, role alert', () => {
    view.render(<AmountInput label="Withdraw amount" value="200" onChange={() => {}} error="You have 95.00 DUSD available" />);
    const input = view.container.querySelector('input')!;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('You have 95.00 DUSD available');
    expect(described?.getAttribute('role')).toBe('alert');
  });

  it('an accepted amount is neither invalid nor described by a stale error', () => {
    view.render(<AmountInput label="Withdraw amount" value="20" onChange={() => {}} error={null} />);
    const input = view.container.querySelector('input')!;
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });
});
