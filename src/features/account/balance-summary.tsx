import type { Balance } from '../../api/schemas';
import { showUsd } from '../../lib/display';
import { toneOf } from '../../ui/tone';

/** Spec §2.6, every field with its meaning on hover. */
const FIELDS: { key: keyof Balance; label: string; meaning: string; signed?: boolean }[] = [
  { key: 'equity', label: 'Equity', meaning: 'balance + upnl' },
  { key: 'balance', label: 'Balance', meaning: 'cross_balance + isolated_balance' },
  { key: 'upnl', label: 'Unrealized PnL', meaning: 'cross_upnl + isolated_upnl', signed: true },
  { key: 'cross_available', label: 'Available (cross)', meaning: 'cross_balance − cross_margin − locked + cross_upnl; may be negative', signed: true },
  { key: 'cross_balance', label: 'Cross balance', meaning: 'Cross wallet free balance' },
  { key: 'cross_margin', label: 'Cross margin used', meaning: 'Cross margin used (executed positions only)' },
  { key: 'cross_upnl', label: 'Cross unrealized PnL', meaning: 'Cross unrealized PnL', signed: true },
  { key: 'locked', label: 'Locked by orders', meaning: 'Order lock (margin + fee), already includes a safety factor' },
  { key: 'isolated_balance', label: 'Isolated balance', meaning: 'Isolated wallet total' },
  { key: 'isolated_upnl', label: 'Isolated unrealized PnL', meaning: 'Isolated unrealized PnL', signed: true },
  { key: 'pnl_freeze', label: '24h realized PnL', meaning: '24h realized PnL (for display)', signed: true },
];

export function BalanceSummary({ balance }: { balance: Balance | undefined }) {
  if (!balance) return <p className="p-3 text-muted">Loading balance…</p>;
  return (
    <div className="p-2">
      {/* The app's rule: what sits in or moves between wallets is DUSD (the token); what the exchange
          values — prices, order value, margin, PnL, equity, fees — is USD, 1 DUSD counted as 1 USD. */}
      <p className="pb-1 text-[11px] text-muted" data-testid="balance-unit">
        Amounts in USD · your DUSD collateral counts 1 DUSD = 1 USD
      </p>
      <dl className="grid grid-cols-[repeat(auto-fill,minmax(190px,1fr))] gap-x-6 gap-y-1" data-testid="balance-summary">
        {FIELDS.map((f) => (
          <div key={f.key} className="flex justify-between gap-2 border-b border-line/50 py-0.5" title={`${f.key}: ${f.meaning}`}>
            <dt className="cursor-help text-muted underline decoration-dotted decoration-muted/50 underline-offset-2">{f.label}</dt>
            <dd className={`num ${f.signed ? toneOf(balance[f.key]) : ''}`}>{showUsd(balance[f.key])}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
