// @vitest-environment jsdom
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mountEachTest } from '../testing/mount-each-test';
import { Segmented, type Choice } from './segmented';

const view = mountEachTest();

type Mode = 'cross' | 'isolated' | 'portfolio';
function Picker({ kind, choices, start, arrowsChoose }: { kind: 'tabs' | 'choice'; choices: readonly Choice<Mode>[]; start: Mode; arrowsChoose?: boolean }) {
  const [value, setValue] = useState<Mode>(start);
  return (
    <>
      <Segmented kind={kind} label="Margin mode" look="block" choices={choices} value={value} onChange={setValue} {...(arrowsChoose === undefined ? {} : { arrowsChoose })} />
      <output>{value}</output>
    </>
  );
}

const three: Choice<Mode>[] = [
  { value: 'cross', label: 'Cross' },
  { value: 'isolated', label: 'Isolated' },
  { value: 'portfolio', label: 'Portfolio' },
];
const buttons = () => [...view.container.querySelectorAll('button')];
const chosen = () => view.container.querySelector('output')!.textContent;
const press = (k: string) =>
  act(() => {
    (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
  });

describe('segmented control', () => {
  it('is a radio group with the chosen one checked, or a tab list with the chosen tab selected', () => {
    view.render(<Picker kind="choice" choices={three} start="isolated" />);
    expect(view.container.querySelector('[role=radiogroup]')?.getAttribute('aria-label')).toBe('Margin mode');
    expect(buttons().map((b) => [b.getAttribute('role'), b.getAttribute('aria-checked')])).toEqual([
      ['radio', 'false'],
      ['radio', 'true'],
      ['radio', 'false'],
    ]);
    view.render(<Picker key="tabs" kind="tabs" choices={three} start="cross" />);
    expect(view.container.querySelector('[role=tablist]')).not.toBeNull();
    expect(buttons().map((b) => [b.getAttribute('role'), b.getAttribute('aria-selected')])).toEqual([
      ['tab', 'true'],
      ['tab', 'false'],
      ['tab', 'false'],
    ]);
  });

  it('puts only the chosen button in the tab order', () => {
    view.render(<Picker kind="choice" choices={three} start="isolated" />);
    expect(buttons().map((b) => b.tabIndex)).toEqual([-1, 0, -1]);
  });

  it('moves and chooses with the arrow keys, wrapping round, and Home / End', () => {
    view.render(<Picker kind="tabs" choices={three} start="cross" />);
    act(() => buttons()[0]!.focus());
    press('ArrowRight');
    expect(chosen()).toBe('isolated');
    expect(document.activeElement).toBe(buttons()[1]);
    expect(buttons()[1]!.getAttribute('aria-selected')).toBe('true');
    press('ArrowDown');
    expect(chosen()).toBe('portfolio');
    press('ArrowRight');
    expect(chosen()).toBe('cross'); // wraps to the first
    press('ArrowLeft');
    expect(chosen()).toBe('portfolio'); // and back to the last
    press('Home');
    expect(chosen()).toBe('cross');
    press('End');
    expect(chosen()).toBe('portfolio');
    expect(document.activeElement).toBe(buttons()[2]);
  });

  it('skips a choice that is not available', () => {
    const locked = three.map((c) => (c.value === 'isolated' ? { ...c, disabled: true } : c));
    view.render(<Picker kind="choice" choices={locked} start="cross" />);
    act(() => buttons()[0]!.focus());
    press('ArrowRight');
    expect(chosen()).toBe('portfolio');
    press('ArrowLeft');
    expect(chosen()).toBe('cross');
  });

  it('only moves focus where choosing sends a command; the click chooses', () => {
    view.render(<Picker kind="choice" choices={three} start="cross" arrowsChoose={false} />);
    act(() => buttons()[0]!.focus());
    press('ArrowRight');
    expect(document.activeElement).toBe(buttons()[1]);
    expect(chosen()).toBe('cross');
    act(() => (document.activeElement as HTMLButtonElement).click());
    expect(chosen()).toBe('isolated');
  });

  it('chooses on click, and leaves other keys alone', () => {
    view.render(<Picker kind="choice" choices={three} start="cross" />);
    act(() => buttons()[2]!.click());
    expect(chosen()).toBe('portfolio');
    act(() => buttons()[2]!.focus());
    press('a');
    press('Enter');
    expect(chosen()).toBe('portfolio');
  });
});
