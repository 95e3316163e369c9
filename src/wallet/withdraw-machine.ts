import { isNoAnswer } from '../api/errors';
import type { WithdrawResponse } from '../api/schemas';
import { dec } from '../lib/decimal';
import { formatFixed } from '../lib/format';
import { walletProblemOf } from './wallet-problem';
import { entryOf, type PendingWithdrawal, type WithdrawEntry } from './withdraw-records';

/**
 * The guided withdraw (spec §4.3) as a step machine: `next(state, event)` is pure, and `runWithdraw`
 * performs the active step's effect (injected: service calls, the wallet, storage) and feeds its
 * outcome back as an event, until no step is active. What the card shows is the state, nothing else.
 */

/** The steps in order (their words: src/trading/withdraw-words.ts). */
export const WITHDRAW_STEPS = ['transfer', 'request', 'check', 'submit', 'receipt', 'confirm'] as const;
export type StepId = (typeof WITHDRAW_STEPS)[number];
export type StepState = 'todo' | 'active' | 'done' | 'skipped' | 'failed';

/**
 * 'refused': it did not happen (say why). 'unknown': it may have happened — say so, never "rejected".
 * `code` says which, `error` is what was thrown (its own text is shown in the sentence), `hash` the
 * sent transaction, shortened, when the outcome of a sent one is unknown.
 */
export interface WithdrawFailure {
  step: StepId;
  kind: 'refused' | 'unknown';
  code: 'transfer-no-answer' | 'request-no-answer' | 'declined-in-wallet' | 'receipt-unknown' | 'confirm-unknown' | 'refused';
  error: unknown;
  hash?: string;
}

/**
 * What the stepper says besides its steps, as data (the words: src/trading/withdraw-words.ts).
 * Amounts are formatted (2 places), hashes and addresses shortened; `expiresAt` in seconds.
 */
export type WithdrawNote =
  | { code: 'sending-built-in' }
  | { code: 'confirm-in-wallet' }
  | { code: 'sent'; hash: string }
  | { code: 'confirmed'; received: string; to: string }
  | { code: 'resume-sent'; amount: string; hash: string }
  | { code: 'resume-authorized'; amount: string; expiresAt: number };

export interface WithdrawState {
  /** Null before the first withdraw of this visit (nothing to show). */
  steps: Readonly<Record<StepId, StepState>> | null;
  /** The amount asked for, and the part of it to move from Perps first (null: Cash covers it). */
  amount: string | null;
  short: string | null;
  /** The bridge's authorization and, once sent, its transaction: the Pending record. */
  pending: PendingWithdrawal | null;
  confirmed: boolean;
  note: WithdrawNote | null;
  failure: WithdrawFailure | null;
}

export type WithdrawEvent =
  | { type: 'start'; amount: string; short: string | null }
  | { type: 'moved' }
  | { type: 'requested'; withdrawal: WithdrawResponse }
  /** `sender`: who will send reqRemoteCall — the built-in wallet sends by itself, a wallet app asks. */
  | { type: 'checked'; sender?: 'built-in' | 'connected' }
  | { type: 'sent'; hash: string }
  | { type: 'mined' }
  | { type: 'confirmed' }
  | { type: 'failed'; error: unknown }
  /** The trader goes on from the Pending record: after a failure, or after a reload. */
  | { type: 'continue' };

export const idle: WithdrawState = { steps: null, amount: null, short: null, pending: null, confirmed: false, note: null, failure: null };

const ALL_TODO: Record<StepId, StepState> = { transfer: 'todo', request: 'todo', check: 'todo', submit: 'todo', receipt: 'todo', confirm: 'todo' };

export function activeStep(s: WithdrawState): StepId | null {
  if (!s.steps) return null;
  return WITHDRAW_STEPS.find((step) => s.steps![step] === 'active') ?? null;
}

/** An authorization the wallet can still act on: sent (check its outcome) or not expired (send it). */
export function canContinue(s: WithdrawState): boolean {
  return s.pending !== null && !s.confirmed && activeStep(s) === null;
}

const short = (hash: string, n = 12) => `${hash.slice(0, n)}…`;

function errorText(e: unknown): string {
  if (e && typeof e === 'object' && 'shortMessage' in e && typeof e.shortMessage === 'string') return e.shortMessage;
  return e instanceof Error ? e.message : String(e);
}

function reverted(e: unknown): boolean {
  return walletProblemOf(e)?.code === 'tx-reverted' || /reverted/.test(errorText(e));
}

function declinedInWallet(e: unknown): boolean {
  for (let x: unknown = e; x && typeof x === 'object'; x = (x as { cause?: unknown }).cause) {
    if ((x as { code?: unknown }).code === 4001 || (x as { name?: unknown }).name === 'UserRejectedRequestError') return true;
  }
  return false;
}

/** What a failure of `step` means to the trader: a refusal, or an outcome nobody knows yet. */
function describeFailure(step: StepId, error: unknown, pending: PendingWithdrawal | null): WithdrawFailure {
  const noAnswer = isNoAnswer(error);
  if (step === 'transfer' && noAnswer) return { step, kind: 'unknown', code: 'transfer-no-answer', error };
  if (step === 'request' && noAnswer) return { step, kind: 'unknown', code: 'request-no-answer', error };
  if (step === 'submit' && declinedInWallet(error)) return { step, kind: 'refused', code: 'declined-in-wallet', error };
  if ((step === 'receipt' || step === 'confirm') && pending?.txHash && !reverted(error)) {
    return { step, kind: 'unknown', code: step === 'receipt' ? 'receipt-unknown' : 'confirm-unknown', error, hash: short(pending.txHash) };
  }
  return { step, kind: 'refused', code: 'refused', error };
}

function mark(s: WithdrawState, from: StepId, to: StepId | null, over: Partial<WithdrawState> = {}): WithdrawState {
  const steps = { ...(s.steps ?? ALL_TODO), [from]: 'done' as StepState };
  if (to) steps[to] = 'active';
  return { ...s, ...over, steps };
}

function confirmedNote(w: WithdrawResponse): WithdrawNote {
  return { code: 'confirmed', received: formatFixed(dec(w.tx.token_amount).minus(w.withdraw_fee), 2), to: `${w.signature.caller.slice(0, 8)}…` };
}

/** The one transition function: what the stepper shows after `event`. Unexpected events change nothing. */
export function next(s: WithdrawState, e: WithdrawEvent): WithdrawState {
  const active = activeStep(s);
  switch (e.type) {
    case 'start':
      if (active) return s;
      return {
        ...idle,
        amount: e.amount,
        short: e.short,
        steps: { ...ALL_TODO, ...(e.short ? { transfer: 'active' } : { transfer: 'skipped', request: 'active' }) },
      };
    case 'moved':
      return active === 'transfer' ? mark(s, 'transfer', 'request') : s;
    case 'requested':
      return active === 'request' ? mark(s, 'request', 'check', { pending: { withdrawal: e.withdrawal, txHash: null } }) : s;
    case 'checked':
      if (active !== 'check') return s;
      return mark(s, 'check', 'submit', { note: e.sender === 'built-in' ? { code: 'sending-built-in' } : { code: 'confirm-in-wallet' } });
    case 'sent':
      if (active !== 'submit' || !s.pending) return s;
      return mark(s, 'submit', 'receipt', { pending: { ...s.pending, txHash: e.hash }, note: { code: 'sent', hash: short(e.hash) } });
    case 'mined':
      return active === 'receipt' ? mark(s, 'receipt', 'confirm') : s;
    case 'confirmed':
      if (active !== 'confirm' || !s.pending) return s;
      return mark(s, 'confirm', null, { confirmed: true, note: confirmedNote(s.pending.withdrawal) });
    case 'failed': {
      if (!active || !s.steps) return s;
      return { ...s, steps: { ...s.steps, [active]: 'failed' }, failure: describeFailure(active, e.error, s.pending) };
    }
    case 'continue': {
      if (!canContinue(s) || !s.pending) return s;
      // Once sent, never send again: check the transaction's outcome instead.
      const from: StepId = s.pending.txHash ? 'receipt' : 'check';
      const steps = { ...(s.steps ?? ALL_TODO) };
      for (const step of WITHDRAW_STEPS.slice(WITHDRAW_STEPS.indexOf(from))) steps[step] = 'todo';
      steps[from] = 'active';
      return { ...s, steps, failure: null, note: null };
    }
  }
}

/**
 * The stepper after a reload, from the stored Pending record: sent → check its outcome; authorized
 * but not sent → send it in the wallet, unless the authorization has expired (the bridge then
 * returns the reserved amount, and there is nothing left to do: idle).
 */
export function resume(pending: PendingWithdrawal | null, nowSeconds: number): WithdrawState {
  if (!pending) return idle;
  const w = pending.withdrawal;
  if (!pending.txHash && nowSeconds > w.signature.expired_at) return idle;
  const amount = w.tx.token_amount;
  const steps: Record<StepId, StepState> = pending.txHash
    ? { transfer: 'done', request: 'done', check: 'done', submit: 'done', receipt: 'todo', confirm: 'todo' }
    : { transfer: 'done', request: 'done', check: 'todo', submit: 'todo', receipt: 'todo', confirm: 'todo' };
  const note: WithdrawNote = pending.txHash
    ? { code: 'resume-sent', amount: formatFixed(amount, 2), hash: short(pending.txHash) }
    : { code: 'resume-authorized', amount: formatFixed(amount, 2), expiresAt: w.signature.expired_at };
  return { ...idle, amount, steps, pending, note };
}

/** What storage holds for a withdrawal: the Pending record (null once confirmed) and its history row. */
export interface WithdrawRecords {
  pending: PendingWithdrawal | null;
  entry: WithdrawEntry | null;
}

function recordsOf(s: WithdrawState): WithdrawRecords {
  if (!s.pending) return { pending: null, entry: null };
  const entry = entryOf(s.pending.withdrawal, s.pending.txHash);
  return s.confirmed ? { pending: null, entry: { ...entry, status: 'Confirmed' } } : { pending: s.pending, entry };
}

/** Everything outside the machine, injected: the exchange, the bridge, the wallet, storage. */
export interface WithdrawEffects {
  /** transfer_to_spot of the short part. */
  moveToCash: (amount: string) => Promise<void>;
  /** POST withdraw (signed): the bridge's authorization. */
  request: (amount: string) => Promise<WithdrawResponse>;
  /** The contract check, the connected account, the wallet switched to the authorized chain. */
  check: (w: WithdrawResponse) => Promise<'built-in' | 'connected' | void>;
  /** The wallet sends reqRemoteCall; resolves with the transaction hash. */
  send: (w: WithdrawResponse) => Promise<string>;
  waitForReceipt: (w: WithdrawResponse, hash: string) => Promise<void>;
  /** Resolves when the bridge reports the withdrawal Confirmed (at once where it cannot be asked). */
  awaitConfirmation: (w: WithdrawResponse) => Promise<void>;
  /** Keeps storage in step with the state (see `recordsOf`). */
  record: (records: WithdrawRecords) => void;
}

async function perform(step: StepId, s: WithdrawState, fx: WithdrawEffects): Promise<WithdrawEvent> {
  const w = s.pending?.withdrawal;
  switch (step) {
    case 'transfer':
      await fx.moveToCash(s.short ?? '0');
      return { type: 'moved' };
    case 'request':
      return { type: 'requested', withdrawal: await fx.request(s.amount ?? '0') };
    case 'check': {
      const sender = await fx.check(w!);
      return sender ? { type: 'checked', sender } : { type: 'checked' };
    }
    case 'submit':
      return { type: 'sent', hash: await fx.send(w!) };
    case 'receipt':
      await fx.waitForReceipt(w!, s.pending!.txHash!);
      return { type: 'mined' };
    case 'confirm':
      await fx.awaitConfirmation(w!);
      return { type: 'confirmed' };
  }
}

/**
 * Runs the machine from `state` (after 'start' or 'continue') until no step is active, reporting
 * every state. Storage is written whenever the Pending record changes, before the next step runs,
 * so a reload at any moment resumes from what was last known.
 */
export async function runWithdraw(state: WithdrawState, fx: WithdrawEffects, onState: (s: WithdrawState) => void): Promise<WithdrawState> {
  let s = state;
  onState(s);
  for (let step = activeStep(s); step; step = activeStep(s)) {
    const event = await perform(step, s, fx).catch((error: unknown): WithdrawEvent => ({ type: 'failed', error }));
    const before = s;
    s = next(s, event);
    if (s.pending !== before.pending || s.confirmed !== before.confirmed) fx.record(recordsOf(s));
    onState(s);
  }
  return s;
}
