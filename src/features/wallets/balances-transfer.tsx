import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { WalletRow } from '../../api/schemas';
import { dec, toWire } from '../../lib/decimal';
import { useTransfer } from '../../trading/transfer-commands';
import { ConfirmPanel } from '../../ui/confirm-panel';
import { Segmented, type Choice } from '../../ui/segmented';
import { AmountInput, Button, Card, useErrorText } from './parts';
import type { WalletRows } from './use-wallet-rows';
import { checkAmount, maxOf, showDusd } from './wallet-model';

const DIRECTIONS: readonly { value: 'perps' | 'spot'; label: MessageDescriptor }[] = [
  { value: 'perps', label: msg`Cash → Perps` },
  { value: 'spot', label: msg`Perps → Cash` },
];

function Balance({ name, hint, row, testId }: { name: string; hint: string; row: WalletRow | null; testId: string }) {
  const { t } = useLingui();
  const total = row ? showDusd(row.total) : '';
  const locked = row ? showDusd(row.locked) : '';
  return (
    <div className="flex flex-col gap-0.5 rounded bg-panel-2 px-3 py-2" data-testid={testId}>
      <span className="text-muted">
        {name} <span className="text-[11px]">· {hint}</span>
      </span>
      <span className="num text-lg font-semibold" data-testid={`${testId}-free`}>
        {row ? showDusd(row.free) : '—'} <span className="text-xs font-normal text-muted">DUSD</span>
      </span>
      <span className="num text-[11px] text-muted">
        {row ? t`total ${total} · locked ${locked}` : t`sign in to see`}
      </span>
    </div>
  );
}

/** Cash and Perps balances and transfers between them (spec §4.3, HTTP only, no chain). */
export function BalancesTransfer({ rows, children }: { rows: WalletRows; /** Between the balances and the transfer (the devnet faucet). */ children?: ReactNode }) {
  const { t, i18n } = useLingui();
  const errorText = useErrorText();
  const directions: Choice<'perps' | 'spot'>[] = DIRECTIONS.map((d) => ({ value: d.value, label: i18n._(d.label) }));
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
  const from = toPerps ? t`Cash Wallet` : t`Perps Wallet`;
  const to = toPerps ? t`Perps Wallet` : t`Cash Wallet`;
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
  const shownAsking = asking === null ? '' : showDusd(asking);
  const freeAfter = asking !== null && source ? showDusd(dec(source.free).minus(asking)) : null;
  const edit = (f: () => void) => {
    setAsking(null);
    f();
  };
  return (
    <Card title={t`Balances`}>
      <div className="grid grid-cols-2 gap-2">
        <Balance name={t`Cash Wallet`} hint={t`deposits & withdrawals`} row={rows.cash} testId="cash-wallet" />
        <Balance name={t`Perps Wallet`} hint={t`trading margin`} row={rows.perps} testId="perps-wallet" />
      </div>
      {children}
      <form
        className="flex flex-col gap-2"
        aria-label={t`Transfer`}
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if ('value' in checked) setAsking(toWire(checked.value));
          else amountBox.current?.focus();
        }}
      >
        <div className="flex items-center gap-2">
          <span className="text-muted">
            <Trans>Transfer</Trans>
          </span>
          <Segmented
            kind="choice"
            label={t`Direction`}
            look="joined"
            className="flex rounded border border-line"
            choices={directions}
            value={toPerps ? 'perps' : 'spot'}
            onChange={(next) => edit(() => setToPerps(next === 'perps'))}
          />
        </div>
        <AmountInput
          label={t`Transfer amount`}
          value={amount}
          onChange={(v) => edit(() => setAmount(v))}
          onMax={max ? () => edit(() => setAmount(max)) : undefined}
          error={touched && 'error' in checked ? i18n._(checked.error) : null}
          inputRef={amountBox}
        />
        {asking === null ? (
          <Button ref={submitButton} type="submit" disabled={transfer.isPending}>
            {toPerps ? <Trans>Move to Perps Wallet</Trans> : <Trans>Move to Cash Wallet</Trans>}
          </Button>
        ) : (
          <ConfirmPanel
            title={toPerps ? t`Move ${shownAsking} DUSD to the Perps Wallet?` : t`Move ${shownAsking} DUSD to the Cash Wallet?`}
            confirmLabel={t`Move ${shownAsking} DUSD`}
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
              {from} → {to}: {shownAsking} DUSD
            </p>
            {freeAfter !== null && (
              <p className="num text-[11px] text-muted">
                {toPerps ? <Trans>Cash Wallet free after: {freeAfter} DUSD</Trans> : <Trans>Perps Wallet free after: {freeAfter} DUSD</Trans>}
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
