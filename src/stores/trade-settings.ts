import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { NoticeKind, NoticeSettings } from '../lib/notices';

/** The slippage cap a market order gets until the trader picks another: 1 %. */
export const DEFAULT_SLIPPAGE_PCT = '1';

export type SizeUnit = 'base' | 'quote';

/** The margin ratio the trader is warned at until they choose another: 80 %. */
export const DEFAULT_LIQUIDATION_WARN_PCT = '80';

/** A warning level the settings keep: above 0 and under 100 %, at most one decimal. */
export function isWarnLevel(text: string): boolean {
  return /^\d{1,2}(\.\d)?$/.test(text) && Number(text) > 0;
}

/** The preferences themselves: what is remembered in this browser. */
export interface TradeSettings extends NoticeSettings {
  /**
   * How far from the mark a market order may fill, in percent, as a decimal string (never a float:
   * it becomes the order's price limit). Only a valid value is stored; the form keeps the text.
   */
  slippagePct: string;
  /** Ask before sending a market order / closing every position / cancelling every order. */
  confirmMarket: boolean;
  confirmCloseAll: boolean;
  confirmCancelAll: boolean;
  /** The unit a fresh order form sizes in: the market's base asset or USD. */
  sizeUnit: SizeUnit;
  /** B / S, Enter to send, Esc to clear, ? for the list. */
  shortcuts: boolean;
  /** The margin ratio (in %, a decimal string) at which the trader is warned; liquidation is at 100 %. */
  liquidationWarnPct: string;
}

interface TradeSettingsState extends TradeSettings {
  setSlippagePct: (pct: string) => void;
  /** Changes any of the on/off and choice settings (not the slippage, which is validated first). */
  change: (patch: Partial<Omit<TradeSettings, 'slippagePct' | 'notify'>>) => void;
  setNotify: (kind: NoticeKind, on: boolean) => void;
}

/**
 * Until the trader says otherwise: no extra questions but before closing everything (which was
 * always asked), sizes in the base asset, shortcuts on, and no sound or browser notification —
 * those are opt-in; once a channel is on, every event goes out on it until switched off one by one.
 */
export const DEFAULT_TRADE_SETTINGS: TradeSettings = {
  slippagePct: DEFAULT_SLIPPAGE_PCT,
  confirmMarket: false,
  confirmCloseAll: true,
  confirmCancelAll: false,
  sizeUnit: 'base',
  shortcuts: true,
  liquidationWarnPct: DEFAULT_LIQUIDATION_WARN_PCT,
  sounds: false,
  browserNotifications: false,
  notify: { fills: true, tpsl: true, liquidation: true, withdrawal: true, alerts: true },
};

const BOOLEANS = ['confirmMarket', 'confirmCloseAll', 'confirmCancelAll', 'shortcuts', 'sounds', 'browserNotifications'] as const;

/**
 * Reads what this browser stored, field by field: a field missing (stored by an older version,
 * which held only the slippage) or of the wrong type keeps its default.
 */
export function readStoredSettings(stored: unknown): TradeSettings {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const out: TradeSettings = { ...DEFAULT_TRADE_SETTINGS, notify: { ...DEFAULT_TRADE_SETTINGS.notify } };
  if (typeof s.slippagePct === 'string' && s.slippagePct !== '') out.slippagePct = s.slippagePct;
  for (const k of BOOLEANS) if (typeof s[k] === 'boolean') out[k] = s[k];
  if (s.sizeUnit === 'base' || s.sizeUnit === 'quote') out.sizeUnit = s.sizeUnit;
  if (typeof s.liquidationWarnPct === 'string' && isWarnLevel(s.liquidationWarnPct)) out.liquidationWarnPct = s.liquidationWarnPct;
  const notify = (s.notify && typeof s.notify === 'object' ? s.notify : {}) as Record<string, unknown>;
  for (const k of Object.keys(out.notify) as NoticeKind[]) if (typeof notify[k] === 'boolean') out.notify[k] = notify[k];
  return out;
}

/** The trader's own trading preferences, remembered in this browser (localStorage). */
export const useTradeSettings = create<TradeSettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_TRADE_SETTINGS,
      setSlippagePct: (slippagePct) => set({ slippagePct }),
      change: (patch) => set(patch),
      setNotify: (kind, on) => set((s) => ({ notify: { ...s.notify, [kind]: on } })),
    }),
    {
      name: 'perps.trade-settings',
      storage: createJSONStorage(() => localStorage),
      version: 1,
      partialize: ({ setSlippagePct: _a, change: _b, setNotify: _c, ...settings }) => settings,
      merge: (stored, current) => ({ ...current, ...readStoredSettings(stored) }),
    },
  ),
);
