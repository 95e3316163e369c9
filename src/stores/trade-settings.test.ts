// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TRADE_SETTINGS, readStoredSettings, useTradeSettings } from './trade-settings';

const KEY = 'perps.trade-settings';

afterEach(() => {
  localStorage.clear();
  useTradeSettings.setState({ ...DEFAULT_TRADE_SETTINGS });
});

describe('trade settings', () => {
  it('start with no extra questions but close-all, base-asset sizes, shortcuts on and every notification channel off', () => {
    expect(readStoredSettings(null)).toEqual({
      slippagePct: '1',
      confirmMarket: false,
      confirmCloseAll: true,
      confirmCancelAll: false,
      sizeUnit: 'base',
      shortcuts: true,
      liquidationWarnPct: '80',
      sounds: false,
      browserNotifications: false,
      notify: { fills: true, tpsl: true, liquidation: true, withdrawal: true, alerts: true },
    });
  });

  it('keep a margin-ratio warning level under 100 % with at most one decimal; anything else reads the default', () => {
    expect(readStoredSettings({ liquidationWarnPct: '72.5' }).liquidationWarnPct).toBe('72.5');
    for (const bad of ['100', '0', '72.55', '-5', 'x', 80]) expect(readStoredSettings({ liquidationWarnPct: bad }).liquidationWarnPct).toBe('80');
  });

  it('load a slippage stored before the other settings existed, with defaults for the rest', async () => {
    localStorage.setItem(KEY, JSON.stringify({ state: { slippagePct: '0.5' }, version: 1 }));
    await useTradeSettings.persist.rehydrate();
    const s = useTradeSettings.getState();
    expect(s.slippagePct).toBe('0.5');
    expect(s.confirmCloseAll).toBe(true);
    expect(s.sounds).toBe(false);
    expect(s.notify.fills).toBe(true);
  });

  it('are written to this browser and read back', async () => {
    useTradeSettings.getState().change({ confirmMarket: true, sizeUnit: 'quote', shortcuts: false, sounds: true });
    useTradeSettings.getState().setNotify('fills', false);
    const text = localStorage.getItem(KEY)!;
    const stored = JSON.parse(text) as { state: Record<string, unknown> };
    expect(stored.state).toMatchObject({ confirmMarket: true, sizeUnit: 'quote', shortcuts: false, sounds: true, notify: { fills: false, tpsl: true } });
    expect(stored.state).not.toHaveProperty('change');
    // a new page: the defaults, then what this browser kept
    useTradeSettings.setState({ ...DEFAULT_TRADE_SETTINGS });
    localStorage.setItem(KEY, text);
    await useTradeSettings.persist.rehydrate();
    expect(useTradeSettings.getState()).toMatchObject({ confirmMarket: true, sizeUnit: 'quote', shortcuts: false, sounds: true, notify: { fills: false } });
  });

  it('keep the default for a stored field of the wrong type', () => {
    expect(readStoredSettings({ sizeUnit: 'lots', sounds: 'yes', notify: { fills: 0, tpsl: false } })).toMatchObject({ sizeUnit: 'base', sounds: false, notify: { fills: true, tpsl: false } });
  });
});
