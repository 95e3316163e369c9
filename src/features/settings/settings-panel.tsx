import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { DisplaySection } from './display-section';
import { LanguageChoice } from './language-choice';
import type { NoticeKind } from '../../lib/notices';
import { parseTypedDecimal } from '../../lib/parse-decimal-input';
import { typedDecimalWords } from '../../ui/typed-decimal-words';
import { isWarnLevel, useTradeSettings, type SizeUnit } from '../../stores/trade-settings';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { NumericInput } from '../../ui/numeric-input';
import { Segmented, type Choice } from '../../ui/segmented';
import { askPermission, currentPermission, permissionProblem, type Permission } from './notification-permission';

const EVENTS: { kind: NoticeKind; label: MessageDescriptor }[] = [
  { kind: 'fills', label: msg`Fills` },
  { kind: 'tpsl', label: msg`TP/SL triggers` },
  { kind: 'liquidation', label: msg`Liquidation warnings` },
  { kind: 'withdrawal', label: msg`Withdrawal confirmed` },
  { kind: 'alerts', label: msg`Price alerts` },
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
function slippageError(text: string): MessageDescriptor | null {
  const r = parseTypedDecimal(text, { maxDecimals: 2 });
  if (!r.ok) return r.reason === 'empty' ? msg`Enter a slippage in %` : typedDecimalWords(r);
  return r.value.lte(0) ? msg`Slippage must be above 0 %` : null;
}

/**
 * Every preference this browser remembers: questions before orders, the slippage cap and size
 * unit the order form starts with, shortcuts, and how (and about what) to be notified.
 * `playSound` is the app's beep, played when sound is switched on so the trader hears what it is.
 */
export function SettingsPanel({ playSound, onShowShortcuts }: { playSound: () => void; onShowShortcuts: () => void }) {
  const { t, i18n } = useLingui();
  const s = useTradeSettings();
  const units: Choice<SizeUnit>[] = [
    { value: 'base', label: t`Base asset (BTC…)` },
    { value: 'quote', label: 'USD' },
  ];
  const [slippageText, setSlippageText] = useState(s.slippagePct);
  const slipErrorWords = slippageError(slippageText);
  const slipError = slipErrorWords && i18n._(slipErrorWords);
  const [warnText, setWarnText] = useState(s.liquidationWarnPct);
  const warnError = isWarnLevel(warnText) ? undefined : t`A margin ratio above 0 and under 100 %, at most one decimal`;
  const setWarn = (text: string) => {
    setWarnText(text);
    if (isWarnLevel(text)) s.change({ liquidationWarnPct: text });
  };
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
  const problemWords = permissionProblem(permission);
  const problem = problemWords && i18n._(problemWords);

  return (
    <div className="space-y-2" data-testid="settings-panel">
      <p className="text-[11px] text-muted">
        <Trans>Saved in this browser only.</Trans>
      </p>
      <LanguageChoice />
      <DisplaySection />
      <Group title={t`Ask before`}>
        <Switch label={t`Sending a market order`} checked={s.confirmMarket} onChange={(confirmMarket) => s.change({ confirmMarket })} />
        <Switch label={t`Closing all positions`} checked={s.confirmCloseAll} onChange={(confirmCloseAll) => s.change({ confirmCloseAll })} />
        <Switch label={t`Cancelling all orders`} checked={s.confirmCancelAll} onChange={(confirmCancelAll) => s.change({ confirmCancelAll })} />
      </Group>
      <Group title={t`Order form`}>
        <div className="flex flex-wrap items-start gap-3">
          <Field id="settings-slippage" label={t`Slippage cap`} suffix="%" error={slipError} className="w-[150px]">
            <NumericInput value={slippageText} onChange={setSlippage} title={t`How far from the mark a market order may fill: sent as its price limit`} />
          </Field>
          <div>
            <p className="mb-0.5 text-[11px] text-muted">
              <Trans>Size in</Trans>
            </p>
            <Segmented kind="choice" label={t`Default size unit`} look="joined" choices={units} value={s.sizeUnit} onChange={(sizeUnit) => s.change({ sizeUnit })} className="flex" itemClassName="px-2 py-0.5" />
          </div>
        </div>
        {/* No keyboard on a touch screen: the shortcuts setting and list are not offered there. */}
        <div className="keyboard-hint mt-1 flex items-center gap-2">
          <Switch label={t`Keyboard shortcuts`} checked={s.shortcuts} onChange={(shortcuts) => s.change({ shortcuts })} hint={t`B / S side, F / P / O go to the order form, positions, open orders, Shift+1 / 2 / 3 close 25 / 50 / 100 % and Shift+R reverses the selected position, Enter sends, Esc clears, ? lists them`} />
          <Button className="ml-auto text-muted" onClick={onShowShortcuts}>
            <Trans>List shortcuts (?)</Trans>
          </Button>
        </div>
      </Group>
      <Group title={t`Notifications`}>
        <div className="flex items-center gap-2">
          <Switch label={t`Sound`} checked={s.sounds} onChange={setSounds} hint={t`A short beep`} />
          {s.sounds && (
            <Button className="text-muted" onClick={playSound}>
              <Trans>Test</Trans>
            </Button>
          )}
        </div>
        <Switch label={asking ? t`Browser notifications (asking the browser…)` : t`Browser notifications`} checked={s.browserNotifications} onChange={(on) => void setBrowser(on)} disabled={asking} />
        {problem && (s.browserNotifications || permission === 'denied' || permission === 'unsupported') && (
          <p role="alert" className="text-[11px] text-warn" data-testid="notification-permission">
            {problem}
          </p>
        )}
        <Field
          id="settings-margin-warning"
          label={t`Warn at margin ratio`}
          suffix="%"
          error={warnError}
          hint={t`A toast (and the sound or notification below) when the ratio crosses it; liquidation is at 100 %`}
          className="mt-1 w-[220px]"
        >
          <NumericInput value={warnText} onChange={setWarn} maxDecimals={1} />
        </Field>
        <p className="mt-1 text-[11px] text-muted">{anyChannel ? t`Tell me about:` : t`Tell me about (once sound or browser notifications are on):`}</p>
        <div className="grid grid-cols-2 gap-x-3">
          {EVENTS.map((e) => (
            <Switch key={e.kind} label={i18n._(e.label)} checked={s.notify[e.kind]} onChange={(on) => s.setNotify(e.kind, on)} />
          ))}
        </div>
      </Group>
    </div>
  );
}
