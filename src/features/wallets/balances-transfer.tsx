import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { WalletRow } from '../../api/schemas';
import { dec, toWire } from '../../lib/decimal';
import { useTransfer } from '../../trading/transfer-commands';
import { ConfirmPanel } from '../../ui/confirm-panel';
import { Segmented, type Choice } from '../../ui/segmented';
import { AmountInput, Button, Card, errorText } from './parts';
import type { WalletRows } from './use-wallet-rows';
import { checkAmount, maxOf, showDusd } from './wallet-model';

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
        {row ? showDusd(row.free) : '—'} <span className="text-xs font-normal text-muted">DUSD</span>
      </span>
      <span className="num text-[11px] text-muted">
        {row ? `total ${showDusd(row.total)} · locked ${showDusd(row.locked)}` : 'sign in to see'}
      </span>
    </div>
  );
}

/** Cash and Perps balances and transfers between them (spec §4.3, HTTP only, no chain). */
export function BalancesTransfer({ rows, children }: { rows: WalletRows; /** Between the balances and the transfer (the devnet faucet). */ children?: ReactNode }) {
  const [toPerps, setToPerps] = useState(true);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  // The amount waiting for the trader's yes (null: nothing asked).
  const [asking, setAsking] = useState<string | null>(null);
  const source = toPerps ? rows.cash : rows.perps;
  const checked = checkAmount(amount, { max: source?.free });
  const max = maxOf(source?.free);
  const transfer = useTransfer();
  // Where the focus goes once the form is drawn again (the button or panel that had it is gone).
  const amountBox = useRef<HTMLInputElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef<'amount' | 'submit' | null>(null);
  useEffect(() => {
    if (!refocus.current) return;
    (refocus.current === 'amount' ? amountBox : submitButton).current?.focus();
    refocus.current = null;
  });
  const from = toPerps ? 'Cash Wallet' : 'Perps Wallet';
  const to = toPerps ? 'Perps Wallet' : 'Cash Wallet';
  const send = (value: string) => {
    transfer.mutate(
      { to: toPerps ? 'perps' : 'spot', amount: value },
      {
        onSuccess: () => {
          setAmount('');
          setTouched(false);
        },
        onSettled: () => {
          refocus.current = 'amount';
          setAsking(null);
        },
      },
    );
  };
  const edit = (f: () => void) => {
    setAsking(null);
    f();
  };
  return (
    <Card title="Balances">
      <div className="grid grid-cols-2 gap-2">
        <Balance name="Cash Wallet" hint="deposits & withdrawals" row={rows.cash} testId="cash-wallet" />
        <Balance name="Perps Wallet" hint="trading margin" row={rows.perps} testId="perps-wallet" />
      </div>
      {children}
      <form
        className="flex flex-col gap-2"
        aria-label="Transfer"
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if ('value' in checked) setAsking(toWire(checked.value));
          else amountBox.current?.focus();
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
            onChange={(next) => edit(() => setToPerps(next === 'perps'))}
          />
        </div>
        <AmountInput
          label="Transfer amount"
          value={amount}
          onChange={(v) => edit(() => setAmount(v))}
          onMax={max ? () => edit(() => setAmount(max)) : undefined}
          error={touched && 'error' in checked ? checked.error : null}
          inputRef={amountBox}
        />
        {asking === null ? (
          <Button ref={submitButton} type="submit" disabled={transfer.isPending}>
            {toPerps ? 'Move to Perps Wallet' : 'Move to Cash Wallet'}
          </Button>
        ) : (
          <ConfirmPanel
            title={`Move ${showDusd(asking)} DUSD to the ${to}?`}
            confirmLabel={`Move ${showDusd(asking)} DUSD`}
            busy={transfer.isPending}
            onConfirm={() => send(asking)}
            onCancel={() => {
              refocus.current = 'submit';
              setAsking(null);
            }}
            takeFocus
            data-testid="transfer-confirm"
          >
            <p className="num">
              {from} → {to}: {showDusd(asking)} DUSD
            </p>
            {source && (
              <p className="num text-[11px] text-muted">
                {from} free after: {showDusd(dec(source.free).minus(asking))} DUSD
              </p>
            )}
          </ConfirmPanel>
        )}
        {transfer.error && (
          <p role="alert" className="text-error">
            {errorText(transfer.error)}
          </p>
        )}
      </form>
    </Card>
  );
}
