import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { dec, toWire } from '../../lib/decimal';
import { useWithdraw } from '../../trading/use-withdraw';
import { WITHDRAW_STEP_LABELS, withdrawFailureWords, withdrawNoteWords } from '../../trading/withdraw-words';
import { useSessionStore } from '../../wallet/session-store';
import { canContinue, WITHDRAW_STEPS, type WithdrawState } from '../../wallet/withdraw-machine';
import { AmountInput, Button, Card, GhostButton } from './parts';
import { useWithdrawFee, type WithdrawFee } from './use-withdraw-fee';
import type { WalletRows } from './use-wallet-rows';
import { checkAmount, maxOf, showDusd } from './wallet-model';
import { WithdrawHistory } from './withdraw-history';

/** The guided withdraw (spec §4.3 procedure) and its history: renders the withdraw step machine. */
export function WithdrawCard({ rows }: { rows: WalletRows }) {
  const { t, i18n } = useLingui();
  const session = useSessionStore((s) => s.session);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const amountBox = useRef<HTMLInputElement>(null);
  const withdraw = useWithdraw();
  const fee = useWithdrawFee();
  const { state, busy } = withdraw;
  // While it runs the submit button keeps the focus (announced unavailable, not disabled: a disabled
  // one drops it to the page); the step list takes it from a "continue" button, which leaves while
  // busy (the page's focus would fall to <body>). When it ends the focus goes to what comes next: the continue / retry button, else Withdraw.
  const submitButton = useRef<HTMLButtonElement>(null);
  const stepList = useRef<HTMLOListElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const ran = useRef(false);
  useEffect(() => {
    const now = document.activeElement;
    const lost = now === null || now === document.body;
    if (busy) {
      ran.current = true;
      // A continue button (here or in the history) that was clicked has just left with its focus.
      if (lost) stepList.current?.focus();
      return;
    }
    if (!ran.current) return;
    ran.current = false;
    if (lost || now === submitButton.current || now === stepList.current) {
      (nextButton.current ?? submitButton.current)?.focus();
    }
  }, [busy]);
  const cash = dec(rows.cash?.free ?? '0');
  const perps = dec(rows.perps?.free ?? '0');
  const available = rows.cash || rows.perps ? cash.plus(perps) : null;
  const checked = checkAmount(amount, {
    max: available ? toWire(available) : undefined,
    fee: fee.state === 'known' ? fee.fee : undefined,
  });
  const max = maxOf(available);
  const submit = () => {
    // A refused amount: the focus goes to the field, whose reason is read out.
    if (!('value' in checked)) return amountBox.current?.focus();
    const value = checked.value;
    withdraw.start(toWire(value), value.gt(cash) ? toWire(value.minus(cash)) : null, () => {
      setAmount('');
      setTouched(false);
    });
  };

  if (session && session.chain !== 'bsc') {
    return (
      <Card title={t`Withdraw`} testId="withdraw-card">
        <p className="text-muted">
          <Trans>Withdrawals are sent by an EVM wallet on BSC: sign in with a BSC wallet to withdraw.</Trans>
        </p>
        <WithdrawHistory onContinue={null} busy={busy} />
      </Card>
    );
  }
  return (
    <Card title={t`Withdraw`} testId="withdraw-card">
      <form
        className="flex flex-col gap-2"
        aria-label={t`Withdraw`}
        onSubmit={(e) => {
          e.preventDefault();
          if (busy) return;
          setTouched(true);
          submit();
        }}
      >
        <AmountInput
          label={t`Withdraw amount`}
          value={amount}
          onChange={setAmount}
          onMax={max ? () => setAmount(max) : undefined}
          error={touched && 'error' in checked ? i18n._(checked.error) : null}
          inputRef={amountBox}
        />
        <FeeLine fee={fee} typed={'value' in checked ? toWire(checked.value) : null} />
        <p className="text-muted">
          <Trans>To BSC, to the EVM account you signed in with; the sending wallet pays gas for the on-chain call.</Trans>
        </p>
        <Button ref={submitButton} type="submit" disabled={!session} busy={busy} busyLabel={t`Withdrawing…`} keepFocusWhileBusy>
          <Trans>Withdraw</Trans>
        </Button>
      </form>
      <Stepper state={state} busy={busy} onContinue={withdraw.proceed} stepList={stepList} nextButton={nextButton} />
      <WithdrawHistory onContinue={withdraw.continueFrom} busy={busy} />
    </Card>
  );
}

/** The fee before anything is asked, and what arrives on-chain for the amount typed. */
function FeeLine({ fee, typed }: { fee: WithdrawFee; typed: string | null }) {
  const { t } = useLingui();
  if (fee.state === 'failed') {
    const reason = fee.message;
    return (
      <p className="text-error" data-testid="withdraw-fee">
        <Trans>Could not read the bridge fee ({reason}); the bridge states it when it authorizes the withdrawal.</Trans>
      </p>
    );
  }
  const bridgeFee = fee.state === 'known' ? showDusd(fee.fee) : '';
  const receive = fee.state === 'known' && typed && dec(typed).gt(fee.fee) ? showDusd(dec(typed).minus(fee.fee)) : null;
  const text =
    fee.state === 'loading'
      ? t`Reading the bridge fee…`
      : fee.state === 'per-request'
        ? t`The bridge deducts its fee from the amount and states it when it authorizes the withdrawal (shown below before anything is sent on-chain).`
        : receive !== null
          ? t`Bridge fee ${bridgeFee} DUSD · you receive ${receive} DUSD`
          : t`Bridge fee ${bridgeFee} DUSD, deducted from the amount`;
  return (
    <p className="num text-muted" data-testid="withdraw-fee">
      {text}
    </p>
  );
}

function Stepper({
  state,
  busy,
  onContinue,
  stepList,
  nextButton,
}: {
  state: WithdrawState;
  busy: boolean;
  onContinue: () => void;
  stepList: RefObject<HTMLOListElement | null>;
  nextButton: RefObject<HTMLButtonElement | null>;
}) {
  const { t, i18n } = useLingui();
  const authorized = state.pending && !state.confirmed ? state.pending.withdrawal : null;
  const asked = authorized ? showDusd(authorized.tx.token_amount) : '';
  const bridgeFee = authorized ? showDusd(authorized.withdraw_fee) : '';
  const onChain = authorized ? showDusd(dec(authorized.tx.token_amount).minus(authorized.withdraw_fee)) : '';
  return (
    <>
      {state.steps && (
        <ol ref={stepList} tabIndex={-1} className="flex flex-col gap-1 rounded outline-none focus-visible:outline-2 focus-visible:outline-accent" aria-label={t`Withdraw steps`}>
          {WITHDRAW_STEPS.map((s, i) => {
            const st = state.steps?.[s] ?? 'todo';
            const icon = { todo: '○', active: '◔', done: '✓', skipped: '–', failed: '✕' }[st];
            const color = { todo: 'text-muted', active: 'text-accent', done: 'text-ok', skipped: 'text-muted', failed: 'text-error' }[st];
            return (
              <li key={s} className={`flex gap-2 ${color}`} data-step={s} data-state={st}>
                <span className="w-3 text-center">{icon}</span>
                <span>
                  {i + 1}. {i18n._(WITHDRAW_STEP_LABELS[s])}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {authorized && (
        <p className="num text-muted" data-testid="withdraw-authorized">
          <Trans>
            Authorized {asked} DUSD − bridge fee {bridgeFee} DUSD = {onChain} DUSD on-chain
          </Trans>
        </p>
      )}
      {state.note && (
        <p className="text-muted" role="status" data-testid="withdraw-status">
          {withdrawNoteWords(state.note, i18n)}
        </p>
      )}
      {state.failure && (
        <p role="alert" className={state.failure.kind === 'unknown' ? 'text-warn' : 'text-error'} data-outcome={state.failure.kind}>
          {withdrawFailureWords(state.failure, i18n)}
        </p>
      )}
      {canContinue(state) && !busy && (
        <GhostButton ref={nextButton} className="self-start" onClick={onContinue}>
          {state.pending?.txHash ? (
            <Trans>Check the transaction again</Trans>
          ) : state.failure ? (
            <Trans>Retry the on-chain step</Trans>
          ) : (
            <Trans>Send it from your wallet</Trans>
          )}
        </GhostButton>
      )}
    </>
  );
}
