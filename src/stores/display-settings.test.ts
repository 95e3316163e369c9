// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DISPLAY_SETTINGS, DISPLAY_STORAGE_KEY, readStoredDisplay, useDisplaySettings } from './display-settings';

afterEach(() => {
  localStorage.clear();
  useDisplaySettings.setState({ ...DEFAULT_DISPLAY_SETTINGS });
});

describe('display settings', () => {
  it('start dark, green up, book and order form on the right, comfortable', () => {
    expect(readStoredDisplay(null)).toEqual({ theme: 'dark', upDown: 'green-up', book: 'right', form: 'right', density: 'comfortable' });
    expect(readStoredDisplay('light')).toEqual(DEFAULT_DISPLAY_SETTINGS);
  });

  it('read every stored value that is one of its choices', () => {
    const all = { theme: 'system', upDown: 'colour-blind', book: 'left', form: 'left', density: 'compact' };
    expect(readStoredDisplay(all)).toEqual(all);
    expect(readStoredDisplay({ theme: 'light', upDown: 'red-up' })).toEqual({ ...DEFAULT_DISPLAY_SETTINGS, theme: 'light', upDown: 'red-up' });
  });

  it('keep the default for a field missing, of the wrong type or not one of its choices', () => {
    expect(readStoredDisplay({ theme: 'sepia', upDown: 1, book: null, form: 'LEFT', density: ['compact'], extra: 'x' })).toEqual(DEFAULT_DISPLAY_SETTINGS);
    expect(readStoredDisplay({ theme: 'light', form: 'middle' })).toEqual({ ...DEFAULT_DISPLAY_SETTINGS, theme: 'light' });
  });

  it('are written to this browser and read back, without the setter', async () => {
    useDisplaySettings.getState().change({ theme: 'light', upDown: 'red-up', book: 'left', density: 'compact' });
    const text = localStorage.getItem(DISPLAY_STORAGE_KEY)!;
    const stored = JSON.parse(text) as { state: Record<string, unknown> };
    expect(stored.state).toEqual({ theme: 'light', upDown: 'red-up', book: 'left', form: 'right', density: 'compact' });
    useDisplaySettings.setState({ ...DEFAULT_DISPLAY_SETTINGS });
    localStorage.setItem(DISPLAY_STORAGE_KEY, text);
    await useDisplaySettings.persist.rehydrate();
    expect(useDisplaySettings.getState()).toMatchObject({ theme: 'light', upDown: 'red-up', book: 'left', form: 'right', density: 'compact' });
  });

  it('load a stored state with a bad field as the defaults for that field', async () => {
    localStorage.setItem(DISPLAY_STORAGE_KEY, JSON.stringify({ state: { theme: 'neon', upDown: 'red-up' }, version: 1 }));
    await useDisplaySettings.persist.rehydrate();
    expect(useDisplaySettings.getState()).toMatchObject({ theme: 'dark', upDown: 'red-up', density: 'comfortable' });
  });
});
