// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DISPLAY_SETTINGS, useDisplaySettings } from '../stores/display-settings';
import { displayAttributes, startDisplayAttributes } from './display-attributes';

afterEach(() => useDisplaySettings.setState({ ...DEFAULT_DISPLAY_SETTINGS }));

describe('display attributes on <html>', () => {
  it('name the theme drawn: "system" follows what the system prefers', () => {
    expect(displayAttributes({ ...DEFAULT_DISPLAY_SETTINGS, theme: 'system' }, true)['data-theme']).toBe('light');
    expect(displayAttributes({ ...DEFAULT_DISPLAY_SETTINGS, theme: 'system' }, false)['data-theme']).toBe('dark');
    expect(displayAttributes({ ...DEFAULT_DISPLAY_SETTINGS, theme: 'light' }, false)).toEqual({
      'data-theme': 'light',
      'data-theme-setting': 'light',
      'data-updown': 'green-up',
      'data-book': 'right',
      'data-form': 'right',
      'data-density': 'comfortable',
    });
  });

  it('are set at once and follow every change of the settings', () => {
    const root = document.createElement('html');
    const stop = startDisplayAttributes(root);
    expect(root.getAttribute('data-theme')).toBe('dark');
    useDisplaySettings.getState().change({ theme: 'light', upDown: 'colour-blind', book: 'left' });
    expect([root.getAttribute('data-theme'), root.getAttribute('data-updown'), root.getAttribute('data-book')]).toEqual(['light', 'colour-blind', 'left']);
    stop();
    useDisplaySettings.getState().change({ theme: 'dark' });
    expect(root.getAttribute('data-theme')).toBe('light');
  });
});
