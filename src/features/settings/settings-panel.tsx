import { useState, type ReactNode } from 'react';
import type { NoticeKind } from '../../lib/notices';
import { parseTypedDecimal } from '../../lib/parse-decimal-input';
import { useTradeSettings, type SizeUnit } from '../../stores/trade-settings';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { NumericInput } from '../../ui/numeric-input';
import { Segmented, type Choice } from '../../ui/segmented';
import { DisplaySection } from './display-section';
import { askPermission, currentPermission, permissionProblem, type Permission } from './notification-permission';

const UNITS: Choice<SizeUnit>[] = [
  { value: 'base', label: 'Base asset (BTC…)' },
  { value: 'quote', label: 'USD' },
];
const EVENTS: { kind: NoticeKind; label: string }[] = [
  { kind: 'fills', label: 'Fills' },
  { kind: 'tpsl', label: 'TP/SL triggers' },
  { kind: 'liquidation', label: 'Liquidation warnings' },
  { kind: 'withdrawal', label: 'Withdrawal confirmed' },
];

function Switch({ label, checked, onChange, hint, disabled = false }: { label: string; checked: boolean; onChange: (on: boolean) => void; hint?: string; disabled?: boolean }) {
  return (
    <label className={`flex items-center gap-2 py-0.5 ${disabled ? 'opacity-50' : ''}`} title={hint}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} className="accent-[var(--color-accent)]" />
      <span>{label}</span>
    </label>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded border border-line p-2">
      <legend className="px-1 text-[11px] uppercase tracking-wide text-muted">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Why a typed slippage cannot be kept, or null (the same rule as the order form's field). */
function slippageError(text: string): string | null {
  const r = parseTypedDecimal(text, { maxDecimals: 2 });
  if (!r.ok) return r.reason === 'empty' ? 'Enter a slippage in %' : r.message;
  return r.value.lte(0) ? 'Slippage must be above 0 %' : null;
}

/**
 * Every preference this browser remembers: questions before orders, the slippage cap and size
 * unit the order form starts with, shortcuts, and how (and about what) to be notified.
 * `playSound` is the app's beep, played when sound is switched on so the trader hears what it is.
 */
export function SettingsPanel({ playSound, onShowShortcuts }: { playSound: () => void; onShowShortcuts: () => void }) {
  const s = useTradeSettings();
  const [slippageText, setSlippageText] = useState(s.slippagePct);
  const slipError = slippageError(slippageText);
  const [permission, setPermission] = useState<Permission>(currentPermission);
  const [asking, setAsking] = useState(false);

  const setSlippage = (text: string) => {
    setSlippageText(text);
    const r = parseTypedDecimal(text, { maxDecimals: 2 });
    if (r.ok && r.value.gt(0)) s.setSlippagePct(r.value.toFixed());
  };
  const setSounds = (on: boolean) => {
    s.change({ sounds: on });
    if (on) playSound();
  };
  const setBrowser = async (on: boolean) => {
    if (!on) return s.change({ browserNotifications: false });
    setAsking(true);
    const p = await askPermission();
    setAsking(false);
    setPermission(p);
    s.change({ browserNotifications: p === 'granted' });
  };
  const anyChannel = s.sounds || s.browserNotifications;
  const problem = permissionProblem(permission);

  return (
    <div className="space-y-2" data-testid="settings-panel">
      <p className="text-[11px] text-muted">Saved in this browser only.</p>
      <DisplaySection />
      <Group title="Ask before">
        <Switch label="Sending a market order" checked={s.confirmMarket} onChange={(confirmMarket) => s.change({ confirmMarket })} />
        <Switch label="Closing all positions" checked={s.confirmCloseAll} onChange={(confirmCloseAll) => s.change({ confirmCloseAll })} />
        <Switch label="Cancelling all orders" checked={s.confirmCancelAll} onChange={(confirmCancelAll) => s.change({ confirmCancelAll })} />
      </Group>
      <Group title="Order form">
        <div className="flex flex-wrap items-start gap-3">
          <Field id="settings-slippage" label="Slippage cap" suffix="%" error={slipError} className="w-[150px]">
            <NumericInput value={slippageText} onChange={setSlippage} title="How far from the mark a market order may fill: sent as its price limit" />
          </Field>
          <div>
            <p className="mb-0.5 text-[11px] text-muted">Size in</p>
            <Segmented kind="choice" label="Default size unit" look="joined" choices={UNITS} value={s.sizeUnit} onChange={(sizeUnit) => s.change({ sizeUnit })} className="flex" itemClassName="px-2 py-0.5" />
          </div>
        </div>
        {/* No keyboard on a touch screen: the shortcuts setting and list are not offered there. */}
        <div className="keyboard-hint mt-1 flex items-center gap-2">
          <Switch label="Keyboard shortcuts" checked={s.shortcuts} onChange={(shortcuts) => s.change({ shortcuts })} hint="B / S side, F / P / O go to the order form, positions, open orders, Enter sends, Esc clears, ? lists them" />
          <Button className="ml-auto text-muted" onClick={onShowShortcuts}>
            List shortcuts (?)
          </Button>
        </div>
      </Group>
      <Group title="Notifications">
        <div className="flex items-center gap-2">
          <Switch label="Sound" checked={s.sounds} onChange={setSounds} hint="A short beep" />
          {s.sounds && (
            <Button className="text-muted" onClick={playSound}>
              Test
            </Button>
          )}
        </div>
        <Switch label={asking ? 'Browser notifications (asking the browser…)' : 'Browser notifications'} checked={s.browserNotifications} onChange={(on) => void setBrowser(on)} disabled={asking} />
        {problem && (s.browserNotifications || permission === 'denied' || permission === 'unsupported') && (
          <p role="alert" className="text-[11px] text-warn" data-testid="notification-permission">
            {problem}
          </p>
        )}
        <p className="mt-1 text-[11px] text-muted">{anyChannel ? 'Tell me about:' : 'Tell me about (once sound or browser notifications are on):'}</p>
        <div className="grid grid-cols-2 gap-x-3">
          {EVENTS.map((e) => (
            <Switch key={e.kind} label={e.label} checked={s.notify[e.kind]} onChange={(on) => s.setNotify(e.kind, on)} />
          ))}
        </div>
      </Group>
    </div>
  );
}
