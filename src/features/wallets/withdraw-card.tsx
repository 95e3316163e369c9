import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi, useServiceConfig } from '../../api/react';
import type { WithdrawResponse } from '../../api/schemas';
import { dec, toWire, type Dec } from '../../lib/decimal';
import { formatFixed } from '../../lib/format';
import { devnetApi } from '../../wallet/devnet-api';
import { loadEvm } from '../../wallet/evm-runtime';
import { actingAccount, useSessionStore } from '../../wallet/session-store';
import { expectedWithdrawContract } from '../../wallet/withdraw-contract-source';
import { checkWithdrawContract } from '../../wallet/withdraw-transaction';
import { AmountInput, Button, Card, errorText, GhostButton } from './parts';
import type { WalletRows } from './use-wallet-rows';
import { checkAmount } from './wallet-model';
import { entryOf, localWithdrawals, type WithdrawEntry } from './withdraw-history';

const STEPS = [
  { id: 'transfer', label: 'Move funds from the Perps Wallet to the Cash Wallet (if Cash is short)' },
  { id: 'request', label: 'Ask the bridge for a withdraw authorization' },
  { id: 'check', label: 'Switch the wallet to the authorized chain and check the account' },
  { id: 'submit', label: 'Send reqRemoteCall from your wallet' },
  { id: 'receipt', label: 'Wait for the transaction receipt' },
  { id: 'confirm', label: 'Bridge releases the DUSD: Confirmed' },
] as const;
type StepId = (typeof STEPS)[number]['id'];
type StepState = 'todo' | 'active' | 'done' | 'skipped' | 'failed';

const historyKey = (account: string | null) => ['withdrawals', account] as const;

/** The guided withdraw (spec §4.3 procedure) and its history. */
export function WithdrawCard({ rows }: { rows: WalletRows }) {
  const api = useApi();
  const config = useServiceConfig();
  const qc = useQueryClient();
  const session = useSessionStore((s) => s.session);
  const account = useSessionStore(actingAccount);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [steps, setSteps] = useState<Partial<Record<StepId, StepState>>>({});
  const [note, setNote] = useState<string | null>(null);
  const [pending, setPending] = useState<WithdrawResponse | null>(null);
  const cash = dec(rows.cash?.free ?? '0');
  const perps = dec(rows.perps?.free ?? '0');
  const max = cash.plus(perps);
  const checked = checkAmount(amount, { max: rows.cash || rows.perps ? toWire(max) : undefined });
  const mark = (id: StepId, s: StepState) => setSteps((prev) => ({ ...prev, [id]: s }));

  const submitOnChain = async (w: WithdrawResponse) => {
    mark('check', 'active');
    // The contract the bridge names must be the withdraw contract this app knows for that chain
    // (VITE_WITHDRAW_CONTRACT, or the devnet's own): checked before the wallet is even loaded.
    const expected = await expectedWithdrawContract(config, w.signature.chain_id);
    checkWithdrawContract(w, expected);
    const { evm, config: wagmi } = await loadEvm(config);
    const now = Math.floor(api.transport.now() / 1000);
    await evm.prepareWithdraw(wagmi, w, now, expected);
    mark('check', 'done');
    mark('submit', 'active');
    setNote('Confirm reqRemoteCall in your wallet…');
    const hash = await evm.submitWithdraw(wagmi, w, now, expected);
    mark('submit', 'done');
    mark('receipt', 'active');
    if (account) localWithdrawals.upsert(account, entryOf(w, hash));
    setNote(`Sent ${hash.slice(0, 12)}…`);
    await evm.waitForReceipt(wagmi, hash, w.signature.chain_id);
    mark('receipt', 'done');
    mark('confirm', 'active');
    if (config.isDevnet && session) {
      for (let i = 0; i < 90; i++) {
        const list = await devnetApi(config).withdrawals(session.token);
        const mine = list.find((x) => x.tx.id === w.tx.id);
        if (mine?.tx.status === 'Confirmed') break;
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
    if (account) localWithdrawals.upsert(account, { ...entryOf(w, hash), status: 'Confirmed' });
    mark('confirm', 'done');
    setNote(`Confirmed: ${formatFixed(dec(w.tx.token_amount).minus(w.withdraw_fee), 2)} DUSD sent to ${w.signature.caller.slice(0, 8)}…`);
    setPending(null);
    await Promise.all([rows.refresh(), qc.invalidateQueries({ queryKey: historyKey(account) })]);
  };

  const withdraw = useMutation({
    mutationFn: async () => {
      if (!('value' in checked)) throw new Error(checked.error);
      const value: Dec = checked.value;
      setSteps({});
      setNote(null);
      if (value.gt(cash)) {
        mark('transfer', 'active');
        const short = value.minus(cash);
        await api.wallet.transferToSpot({ amount: toWire(short), token: 'DUSD' });
        await rows.refresh();
        mark('transfer', 'done');
      } else mark('transfer', 'skipped');
      mark('request', 'active');
      const w = await api.wallet.withdraw({ amount: toWire(value), chain: 'bsc', token: 'DUSD' });
      setPending(w);
      mark('request', 'done');
      if (account) localWithdrawals.upsert(account, entryOf(w));
      void qc.invalidateQueries({ queryKey: historyKey(account) });
      await submitOnChain(w);
      setAmount('');
      setTouched(false);
    },
    onError: () => setSteps((prev) => Object.fromEntries(Object.entries(prev).map(([k, v]) => [k, v === 'active' ? 'failed' : v]))),
  });
  const retry = useMutation({
    mutationFn: (w: WithdrawResponse) => submitOnChain(w),
    onError: () => setSteps((prev) => Object.fromEntries(Object.entries(prev).map(([k, v]) => [k, v === 'active' ? 'failed' : v]))),
  });
  const error = withdraw.error ?? retry.error;
  const busy = withdraw.isPending || retry.isPending;

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
          if ('value' in checked) withdraw.mutate();
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
      {Object.keys(steps).length > 0 && (
        <ol className="flex flex-col gap-1" aria-label="Withdraw steps">
          {STEPS.map((s, i) => {
            const st = steps[s.id] ?? 'todo';
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
      {note && (
        <p className="text-muted" role="status" data-testid="withdraw-status">
          {note}
        </p>
      )}
      {error && (
        <p role="alert" className="text-down">
          {errorText(error)}
        </p>
      )}
      {pending && error && !busy && (
        <GhostButton className="self-start" onClick={() => retry.mutate(pending)}>
          Retry the on-chain step
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
  const history = useQuery({
    queryKey: historyKey(account),
    queryFn: async (): Promise<WithdrawEntry[]> => {
      if (config.isDevnet && session) {
        const local = new Map(localWithdrawals.list(account ?? '').map((e) => [e.id, e]));
        return (await devnetApi(config).withdrawals(session.token)).map((w) => entryOf(w, local.get(w.tx.id)?.txHash));
      }
      return localWithdrawals.list(account ?? '');
    },
    enabled: session !== null,
    refetchInterval: 5_000,
  });
  const list = history.data ?? [];
  return (
    <div className="flex flex-col gap-1 border-t border-line pt-2">
      <span className="text-[11px] uppercase tracking-wide text-muted">
        History {config.isDevnet ? '' : '(kept in this browser)'}
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
