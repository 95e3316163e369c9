// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSignInRequest } from '../../stores/sign-in-request';
import { OrderForm } from './order-form';
import { formHarness } from './testing/form-harness';
import { btcInfo } from './test-fixtures';

const form = formHarness();
const { render, $, type, key, button } = form;
let container: HTMLDivElement;
beforeEach(() => {
  container = form.container();
});

/** The Scale tab chosen, its lazily loaded fields drawn. */
async function openScale() {
  render(<OrderForm symbol="BTC-USD" info={btcInfo} />);
  const tab = [...container.querySelectorAll('[role=tab]')].find((b) => b.textContent === 'Scale') as HTMLButtonElement;
  act(() => tab.click());
  for (let i = 0; i < 50 && !$('#scale-from'); i++) await act(() => new Promise((r) => setTimeout(r, 10)));
  expect($('#scale-from')).not.toBeNull();
}
const rows = () => container.querySelectorAll('[data-testid=scale-preview-row]');

// The scale tab as a trader uses it; the model and the batch are tested beside their files.
describe('scale order form', () => {
  it('previews every child, shows a refused count beside its field and keeps it as typed', async () => {
    await openScale();
    type($('#scale-from'), '99000');
    type($('#scale-to'), '98000');
    type($('#scale-total'), '0.05');
    expect(rows()).toHaveLength(5);
    expect(rows()[1]!.textContent).toContain('98,750.0');
    expect(button('Sign in to trade')).toBeDefined();
    expect($('[data-testid=scale-totals]').textContent).toContain('4,925.00 USD');
    type($('#scale-count'), '2.5');
    expect($('#scale-count-error').textContent).toBe('The number of orders must be a whole number');
    expect($('#scale-count').value).toBe('2.5');
    expect(rows()).toHaveLength(0);
  });

  it('asks a signed-out trader to sign in on Enter, and clears the scale on Esc', async () => {
    await openScale();
    type($('#scale-from'), '99000');
    type($('#scale-total'), '0.05');
    key($('#scale-total'), 'Enter');
    expect(useSignInRequest.getState().dialog.open).toBe(true);
    key($('#scale-total'), 'Escape');
    expect($('#scale-from').value).toBe('');
    expect($('#scale-total').value).toBe('');
    expect($('#scale-count').value).toBe('5');
  });
});
