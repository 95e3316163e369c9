// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mountEachTest } from '../testing/mount-each-test';
import { ConfirmPanel } from './confirm-panel';

const view = mountEachTest();
const button = (name: string) => [...view.container.querySelectorAll('button')].find((b) => b.textContent === name)!;

describe('confirm panel', () => {
  it('says what is about to happen and does it only on the confirming button', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    view.render(
      <ConfirmPanel title="Change BTC-USD to 20×?" confirmLabel="Set 20×" cancelLabel="Keep 10×" onConfirm={onConfirm} onCancel={onCancel}>
        <p>Margin 189.00 → 94.50 USD</p>
      </ConfirmPanel>,
    );
    expect(view.container.querySelector('[role=group]')?.getAttribute('aria-label')).toBe('Change BTC-USD to 20×?');
    expect(view.container.textContent).toContain('Margin 189.00 → 94.50 USD');
    act(() => button('Keep 10×').click());
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    act(() => button('Set 20×').click());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('cannot be confirmed while something blocks it, and says why', () => {
    const onConfirm = vi.fn();
    view.render(<ConfirmPanel title="Change to 1×?" confirmLabel="Set 1×" blockedReason="At 1× the position needs 1,701.00 USD more margin" onConfirm={onConfirm} onCancel={() => {}} />);
    expect(view.container.querySelector('[role=alert]')?.textContent).toBe('At 1× the position needs 1,701.00 USD more margin');
    expect(button('Set 1×').disabled).toBe(true);
    act(() => button('Set 1×').click());
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
