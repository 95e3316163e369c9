import { useState } from 'react';
import type { WalletRow } from '../../api/schemas';
import { toWire } from '../../lib/decimal';
import { formatFixed } from '../../lib/format';
import { useTransfer } from '../../trading/transfer-commands';
import { Segmented, type Choice } from '../../ui/segmented';
import { AmountInput, Button, Card, errorText } from './parts';
import type { WalletRows } from './use-wallet-rows';
import { checkAmount } from './wallet-model';

const DIRECTIONS: readonly Choice<'perps' | 'spot'>[] = [
  { value: 'perps', label: 'Cash → Perps' },
  { value: 'spot', label: 'Perps → Cash' },
];

function Balance({ name, hint, row, testId }: { name: string; hint: string; row: WalletRow | null; testId: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded bg-panel-2 px-3 py-2" data-testid={testId}>
      <span className="text-muted">
        {name} <span className="text-[11px]">· {hint}</span>
      </span>
      <span className="num text-lg font-semibold" data-testid={`${testId}-free`}>
        {row ? formatFixed(row.free, 2) : '—'} <span className="text-xs font-normal text-muted">DUSD</span>
      </span>
      <span className="num text-[11px] text-muted">
        {row ? `total ${formatFixed(row.total, 2)} · locked ${formatFixed(row.locked, 2)}` : 'sign in to see'}
      </span>
    </div>
  );
}

/** Cash and Perps balances and transfers between them (spec §4.3, HTTP only, no chain). */
export function BalancesTransfer({ rows }: { rows: WalletRows }) {
  const [toPerps, setToPerps] = useState(true);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const source = toPerps ? rows.cash : rows.perps;
  const max = source?.free;
  const checked = checkAmount(amount, { max });
  const transfer = useTransfer();
  const send = () => {
    if (!('value' in checked)) return;
    transfer.mutate(
      { to: toPerps ? 'perps' : 'spot', amount: toWire(checked.value) },
      {
        onSuccess: () => {
          setAmount('');
          setTouched(false);
        },
      },
    );
  };
  return (
    <Card title="Balances">
      <div className="grid grid-cols-2 gap-2">
        <Balance name="Cash Wallet" hint="deposits & withdrawals" row={rows.cash} testId="cash-wallet" />
        <Balance name="Perps Wallet" hint="trading margin" row={rows.perps} testId="perps-wallet" />
      </div>
      <form
        className="flex flex-col gap-2"
        aria-label="Transfer"
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          send();
        }}
      >
        <div className="flex items-center gap-2">
          <span className="text-muted">Transfer</span>
          <Segmented
            kind="choice"
            label="Direction"
            look="joined"
            className="flex rounded border border-line"
            choices={DIRECTIONS}
            value={toPerps ? 'perps' : 'spot'}
            onChange={(to) => setToPerps(to === 'perps')}
          />
        </div>
        <AmountInput
          label="Transfer amount"
          value={amount}
          onChange={setAmount}
          onMax={max ? () => setAmount(max) : undefined}
          error={touched && 'error' in checked ? checked.error : null}
        />
        <Button type="submit" disabled={transfer.isPending}>
          {transfer.isPending ? 'Transferring…' : toPerps ? 'Move to Perps Wallet' : 'Move to Cash Wallet'}
        </Button>
        {transfer.error && (
          <p role="alert" className="text-down">
            {errorText(transfer.error)}
          </p>
        )}
      </form>
    </Card>
  );
}
