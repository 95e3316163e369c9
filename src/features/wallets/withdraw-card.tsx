import { skipToken, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../api/query-keys';
import { useServiceConfig } from '../../api/react';
import { dec, toWire } from '../../lib/decimal';
import { formatFixed } from '../../lib/format';
import { useWithdraw } from '../../trading/use-withdraw';
import { serviceExtras } from '../../wallet/service-extras';
import { actingAccount, useSessionStore } from '../../wallet/session-store';
import { canContinue, WITHDRAW_STEPS } from '../../wallet/withdraw-machine';
import { localWithdrawals, mergeHistory, type WithdrawEntry } from '../../wallet/withdraw-records';
import { AmountInput, Button, Card, GhostButton } from './parts';
import type { WalletRows } from './use-wallet-rows';
import { checkAmount } from './wallet-model';

/** The guided withdraw (spec §4.3 procedure) and its history: renders the withdraw step machine. */
export function WithdrawCard({ rows }: { rows: WalletRows }) {
  const session = useSessionStore((s) => s.session);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const withdraw = useWithdraw();
  const { state, busy } = withdraw;
  const cash = dec(rows.cash?.free ?? '0');
  const perps = dec(rows.perps?.free ?? '0');
  const max = cash.plus(perps);
  const checked = checkAmount(amount, { max: rows.cash || rows.perps ? toWire(max) : undefined });
  const submit = () => {
    if (!('value' in checked)) return;
    const value = checked.value;
    withdraw.start(toWire(value), value.gt(cash) ? toWire(value.minus(cash)) : null, () => {
      setAmount('');
      setTouched(false);
    });
  };

  if (session && session.chain !== 'bsc') {
    return (
      <Card title="Withdraw" testId="withdraw-card">
        <p className="text-muted">Withdrawals are sent by an EVM wallet on BSC: sign in with a BSC wallet to withdraw.</p>
        <WithdrawHistory />
      </Card>
    );
  }
  return (
    <Card title="Withdraw" testId="withdraw-card">
      <form
        className="flex flex-col gap-2"
        aria-label="Withdraw"
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          submit();
        }}
      >
        <AmountInput
          label="Withdraw amount"
          value={amount}
          onChange={setAmount}
          onMax={rows.cash ? () => setAmount(toWire(max)) : undefined}
          error={touched && 'error' in checked ? checked.error : null}
        />
        <p className="text-muted">
          To BSC, to the EVM account you signed in with. A bridge fee is deducted; your wallet pays gas for the on-chain call.
        </p>
        <Button type="submit" disabled={busy || !session}>
          {busy ? 'Withdrawing…' : 'Withdraw'}
        </Button>
      </form>
      {state.steps && (
        <ol className="flex flex-col gap-1" aria-label="Withdraw steps">
          {WITHDRAW_STEPS.map((s, i) => {
            const st = state.steps?.[s.id] ?? 'todo';
            const icon = { todo: '○', active: '◔', done: '✓', skipped: '–', failed: '✕' }[st];
            const color = { todo: 'text-muted', active: 'text-accent', done: 'text-up', skipped: 'text-muted', failed: 'text-down' }[st];
            return (
              <li key={s.id} className={`flex gap-2 ${color}`} data-step={s.id} data-state={st}>
                <span className="w-3 text-center">{icon}</span>
                <span>
                  {i + 1}. {s.label}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {state.note && (
        <p className="text-muted" role="status" data-testid="withdraw-status">
          {state.note}
        </p>
      )}
      {state.failure && (
        <p role="alert" className={state.failure.kind === 'unknown' ? 'text-warn' : 'text-down'} data-outcome={state.failure.kind}>
          {state.failure.message}
        </p>
      )}
      {canContinue(state) && !busy && (
        <GhostButton className="self-start" onClick={withdraw.proceed}>
          {state.pending?.txHash ? 'Check the transaction again' : state.failure ? 'Retry the on-chain step' : 'Send it from your wallet'}
        </GhostButton>
      )}
      <WithdrawHistory />
    </Card>
  );
}

function WithdrawHistory() {
  const config = useServiceConfig();
  const session = useSessionStore((s) => s.session);
  const account = useSessionStore(actingAccount);
  const bridgeList = serviceExtras(config).withdrawals;
  const history = useQuery({
    queryKey: queryKeys.user.withdrawals(account ?? ''),
    queryFn:
      session && account
        ? async (): Promise<WithdrawEntry[]> => mergeHistory(bridgeList ? await bridgeList(session.token) : null, localWithdrawals.list(account))
        : skipToken,
    refetchInterval: 5_000,
  });
  const list = history.data ?? [];
  return (
    <div className="flex flex-col gap-1 border-t border-line pt-2">
      <span className="text-[11px] uppercase tracking-wide text-muted">
        History {bridgeList ? '' : '(kept in this browser)'}
      </span>
      {list.length === 0 ? (
        <p className="text-muted">No withdrawals yet.</p>
      ) : (
        <table className="w-full" data-testid="withdraw-history">
          <thead className="text-left text-[11px] text-muted">
            <tr>
              <th className="font-normal">Time</th>
              <th className="text-right font-normal">Amount</th>
              <th className="text-right font-normal">Fee</th>
              <th className="text-right font-normal">Status</th>
            </tr>
          </thead>
          <tbody>
            {list.map((e) => (
              <tr key={e.id} title={e.txHash ? `tx ${e.txHash}` : e.id}>
                <td className="num text-muted">{shortTime(e.createdAt)}</td>
                <td className="num text-right">{formatFixed(e.amount, 2)}</td>
                <td className="num text-right text-muted">{formatFixed(e.fee, 2)}</td>
                <td className={`text-right ${e.status === 'Confirmed' ? 'text-up' : e.status === 'Expired' ? 'text-down' : 'text-warn'}`}>{e.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** "2026-11-23T01:52:26.123456789Z" (nanoseconds) → local time; unparseable → as given. */
function shortTime(iso: string): string {
  const t = Date.parse(iso.replace(/(\.\d{3})\d+/, '$1'));
  return Number.isNaN(t) ? iso : new Date(t).toLocaleString();
}
