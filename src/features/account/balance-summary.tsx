import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Balance } from '../../api/schemas';
import { showUsd } from '../../lib/display';
import { toneOf } from '../../ui/tone';

/** Spec §2.6, every field with its meaning on hover (the wire field names in it are not translated). */
const FIELDS: { key: keyof Balance; label: MessageDescriptor; meaning: MessageDescriptor; signed?: boolean }[] = [
  { key: 'equity', label: msg`Equity`, meaning: msg`balance + upnl` },
  { key: 'balance', label: msg`Balance`, meaning: msg`cross_balance + isolated_balance` },
  { key: 'upnl', label: msg`Unrealized PnL`, meaning: msg`cross_upnl + isolated_upnl`, signed: true },
  { key: 'cross_available', label: msg`Available (cross)`, meaning: msg`cross_balance − cross_margin − locked + cross_upnl; may be negative`, signed: true },
  { key: 'cross_balance', label: msg`Cross balance`, meaning: msg`Cross wallet free balance` },
  { key: 'cross_margin', label: msg`Cross margin used`, meaning: msg`Cross margin used (executed positions only)` },
  { key: 'cross_upnl', label: msg`Cross unrealized PnL`, meaning: msg`Cross unrealized PnL`, signed: true },
  { key: 'locked', label: msg`Locked by orders`, meaning: msg`Order lock (margin + fee), already includes a safety factor` },
  { key: 'isolated_balance', label: msg`Isolated balance`, meaning: msg`Isolated wallet total` },
  { key: 'isolated_upnl', label: msg`Isolated unrealized PnL`, meaning: msg`Isolated unrealized PnL`, signed: true },
  { key: 'pnl_freeze', label: msg`24h realized PnL`, meaning: msg`24h realized PnL (for display)`, signed: true },
];

export function BalanceSummary({ balance }: { balance: Balance | undefined }) {
  const { i18n } = useLingui();
  if (!balance)
    return (
      <p className="p-3 text-muted">
        <Trans>Loading balance…</Trans>
      </p>
    );
  return (
    <div className="p-2">
      {/* The app's rule: what sits in or moves between wallets is DUSD (the token); what the exchange
          values — prices, order value, margin, PnL, equity, fees — is USD, 1 DUSD counted as 1 USD. */}
      <p className="pb-1 text-[11px] text-muted" data-testid="balance-unit">
        <Trans>Amounts in USD · your DUSD collateral counts 1 DUSD = 1 USD</Trans>
      </p>
      <dl className="grid grid-cols-[repeat(auto-fill,minmax(190px,1fr))] gap-x-6 gap-y-1" data-testid="balance-summary">
        {FIELDS.map((f) => (
          <div key={f.key} className="flex justify-between gap-2 border-b border-line/50 py-0.5" title={i18n._(f.meaning)} data-field={f.key}>
            <dt className="cursor-help text-muted underline decoration-dotted decoration-muted/50 underline-offset-2">{i18n._(f.label)}</dt>
            <dd className={`num ${f.signed ? toneOf(balance[f.key]) : ''}`}>{showUsd(balance[f.key])}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
