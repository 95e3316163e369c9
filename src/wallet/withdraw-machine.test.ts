import { describe, expect, it } from 'vitest';
import { withdrawAuthorization } from '../api/__fixtures__/spec-samples';
import { ApiError } from '../api/errors';
import type { WithdrawResponse } from '../api/schemas';
import { activeStep, canContinue, idle, next, resume, runWithdraw, type WithdrawEffects, type WithdrawRecords, type WithdrawState } from './withdraw-machine';
import { WalletError } from './wallet-problem';
import type { PendingWithdrawal } from './withdraw-records';

const CALLER = '0x1111111111111111111111111111111111111111';
const HASH = `0x${'cd'.repeat(32)}`;
const NOW = 1_800_000_000;

function authorization(over: { expiredAt?: number } = {}): WithdrawResponse {
  const contract = '0x2222222222222222222222222222222222222222';
  return withdrawAuthorization({ caller: CALLER, contract, amount: '120', fee: '0.1', expiredAt: over.expiredAt ?? NOW + 600, at: '2026-11-23T01:52:26.123Z' });
}

const steps = (s: WithdrawState) => s.steps && Object.fromEntries(Object.entries(s.steps).filter(([, v]) => v !== 'todo'));
const noAnswer = () => new ApiError({ kind: 'network', code: 0, status: 0, message: 'Failed to fetch', endpoint: 'POST /api/withdraw' });

/** Effects that succeed, recording what was asked of them; any one can be made to fail. */
function effects(fail: Partial<Record<keyof WithdrawEffects, unknown>> = {}) {
  const calls: string[] = [];
  const stored: WithdrawRecords[] = [];
  const step = <T>(name: keyof WithdrawEffects, value: T) => async () => {
    calls.push(name);
    if (name in fail) throw fail[name];
    return value;
  };
  const fx: WithdrawEffects = {
    moveToCash: step('moveToCash', undefined),
    request: step('request', authorization()),
    check: step('check', undefined),
    send: step('send', HASH),
    waitForReceipt: step('waitForReceipt', undefined),
    awaitConfirmation: step('awaitConfirmation', undefined),
    record: (r) => stored.push(r),
  };
  return { fx, calls, stored };
}

describe('the withdraw step machine, step by step', () => {
  it('starts with the transfer when Cash is short, and skips it when Cash covers the amount', () => {
    expect(steps(next(idle, { type: 'start', amount: '120', short: '20' }))).toEqual({ transfer: 'active' });
    expect(steps(next(idle, { type: 'start', amount: '50', short: null }))).toEqual({ transfer: 'skipped', request: 'active' });
  });

  it('walks transfer → request → check → submit → receipt → confirm, keeping the authorization and the hash', () => {
    let s = next(idle, { type: 'start', amount: '120', short: '20' });
    s = next(s, { type: 'moved' });
    expect(activeStep(s)).toBe('request');
    s = next(s, { type: 'requested', withdrawal: authorization() });
    expect(activeStep(s)).toBe('check');
    expect(s.pending).toEqual({ withdrawal: authorization(), txHash: null });
    s = next(s, { type: 'checked' });
    expect(activeStep(s)).toBe('submit');
    expect(s.note).toEqual({ code: 'confirm-in-wallet' });
    // The built-in Devnet wallet asks nobody: the note says it is sending.
    expect(next({ ...s, steps: { ...s.steps!, check: 'active', submit: 'todo' } }, { type: 'checked', sender: 'built-in' }).note).toEqual({ code: 'sending-built-in' });
    s = next(s, { type: 'sent', hash: HASH });
    expect(s.pending?.txHash).toBe(HASH);
    expect(s.note).toEqual({ code: 'sent', hash: `${HASH.slice(0, 12)}…` });
    s = next(s, { type: 'mined' });
    expect(activeStep(s)).toBe('confirm');
    s = next(s, { type: 'confirmed' });
    expect(activeStep(s)).toBeNull();
    expect(s.confirmed).toBe(true);
    // 120 − 0.1 fee reaches the wallet.
    expect(s.note).toEqual({ code: 'confirmed', received: '119.90', to: '0x111111…' });
    expect(steps(s)).toEqual({ transfer: 'done', request: 'done', check: 'done', submit: 'done', receipt: 'done', confirm: 'done' });
  });

  it('ignores an event that does not belong to the active step', () => {
    const s = next(idle, { type: 'start', amount: '50', short: null });
    expect(next(s, { type: 'sent', hash: HASH })).toBe(s);
    expect(next(s, { type: 'start', amount: '1', short: null })).toBe(s);
  });

  it('stores the Pending record once authorized, with the hash once sent, and drops it once confirmed', async () => {
    const { fx, stored, calls } = effects();
    const end = await runWithdraw(next(idle, { type: 'start', amount: '120', short: '20' }), fx, () => undefined);
    expect(calls).toEqual(['moveToCash', 'request', 'check', 'send', 'waitForReceipt', 'awaitConfirmation']);
    expect(end.confirmed).toBe(true);
    expect(stored.map((r) => [r.pending?.txHash ?? (r.pending ? 'authorized' : null), r.entry?.status])).toEqual([
      ['authorized', 'Pending'],
      [HASH, 'Pending'],
      [null, 'Confirmed'],
    ]);
    expect(stored[2]?.entry).toMatchObject({ id: 'w-1', amount: '120', fee: '0.1', txHash: HASH });
  });
});

describe('a failure in each step', () => {
  const run = (fail: Partial<Record<keyof WithdrawEffects, unknown>>, short: string | null = '20') => {
    const e = effects(fail);
    return runWithdraw(next(idle, { type: 'start', amount: '120', short }), e.fx, () => undefined).then((s) => ({ s, ...e }));
  };

  it('transfer: a refusal is the exchange’s words; no answer says the move may or may not have happened', async () => {
    const insufficient = new Error('insufficient balance');
    const refused = await run({ moveToCash: insufficient });
    expect(refused.s.failure).toEqual({ step: 'transfer', kind: 'refused', code: 'refused', error: insufficient });
    expect(refused.s.steps?.transfer).toBe('failed');
    expect(refused.calls).toEqual(['moveToCash']);
    const lost = await run({ moveToCash: noAnswer() });
    expect(lost.s.failure?.kind).toBe('unknown');
    expect(lost.s.failure?.code).toBe('transfer-no-answer');
    expect(canContinue(lost.s)).toBe(false);
  });

  it('request: no answer from the bridge is not called a rejection; nothing is stored', async () => {
    const { s, stored } = await run({ request: noAnswer() }, null);
    expect(s.failure).toMatchObject({ step: 'request', kind: 'unknown' });
    expect(s.failure?.code).toBe('request-no-answer');
    expect(stored).toEqual([]);
  });

  it('request: a bridge that timed out is an unknown outcome too, not a refusal', async () => {
    const timedOut = new ApiError({ kind: 'timeout', code: 0, status: 0, message: 'no answer within 15 s', endpoint: 'POST /api/withdraw' });
    const { s } = await run({ request: timedOut }, null);
    expect(s.failure).toMatchObject({ step: 'request', kind: 'unknown', code: 'request-no-answer', error: timedOut });
  });

  it('check: a refused contract fails the check step, the wallet is never asked, and the authorization is kept', async () => {
    const wrong = new Error('The bridge asked to send this withdrawal to 0x6666…, which is not the withdraw contract');
    const { s, calls, stored } = await run({ check: wrong }, null);
    expect(s.steps).toMatchObject({ check: 'failed', submit: 'todo' });
    expect(s.failure).toMatchObject({ kind: 'refused', code: 'refused', error: wrong });
    expect(calls).not.toContain('send');
    expect(stored.at(-1)?.pending?.txHash).toBeNull();
    expect(canContinue(s)).toBe(true);
  });

  it('submit: declining in the wallet says so; continuing asks the wallet again', async () => {
    const declined = Object.assign(new Error('User rejected the request.'), { name: 'UserRejectedRequestError', code: 4001 });
    const { s } = await run({ send: declined }, null);
    expect(s.failure).toMatchObject({ step: 'submit', kind: 'refused' });
    expect(s.failure?.code).toBe('declined-in-wallet');
    const again = next(s, { type: 'continue' });
    expect(activeStep(again)).toBe('check');
    expect(again.failure).toBeNull();
    const e = effects();
    expect((await runWithdraw(again, e.fx, () => undefined)).confirmed).toBe(true);
    expect(e.calls).toEqual(['check', 'send', 'waitForReceipt', 'awaitConfirmation']);
  });

  it('receipt: a lost connection after sending is an unknown outcome, and continuing never sends twice', async () => {
    const { s } = await run({ waitForReceipt: new Error('HTTP request failed') }, null);
    expect(s.failure).toMatchObject({ step: 'receipt', kind: 'unknown' });
    expect(s.failure).toMatchObject({ code: 'receipt-unknown', hash: '0xcdcdcdcdcd…' });
    const e = effects();
    const end = await runWithdraw(next(s, { type: 'continue' }), e.fx, () => undefined);
    expect(e.calls).toEqual(['waitForReceipt', 'awaitConfirmation']);
    expect(end.confirmed).toBe(true);
  });

  it('receipt: a reverted transaction is a refusal, not an unknown', async () => {
    const { s } = await run({ waitForReceipt: new Error(`Transaction ${HASH} reverted`) }, null);
    expect(s.failure).toMatchObject({ step: 'receipt', kind: 'refused', code: 'refused' });
    const thrown = await run({ waitForReceipt: new WalletError({ code: 'tx-reverted', hash: HASH }, 'reverted') }, null);
    expect(thrown.s.failure).toMatchObject({ step: 'receipt', kind: 'refused', code: 'refused' });
  });

  it('confirm: the bridge not confirming in time is unknown, not failed', async () => {
    const { s } = await run({ awaitConfirmation: new Error('still Pending after 90 s') }, null);
    expect(s.failure).toMatchObject({ step: 'confirm', kind: 'unknown' });
    expect(s.failure).toMatchObject({ code: 'confirm-unknown', hash: '0xcdcdcdcdcd…' });
    expect(s.confirmed).toBe(false);
  });
});

describe('resuming from the Pending record after a reload', () => {
  const record = (txHash: string | null, expiredAt?: number): PendingWithdrawal => ({ withdrawal: authorization({ expiredAt }), txHash });

  it('authorized but not sent: waits for the trader to send it from the wallet', async () => {
    const s = resume(record(null), NOW);
    expect(activeStep(s)).toBeNull();
    expect(canContinue(s)).toBe(true);
    expect(steps(s)).toEqual({ transfer: 'done', request: 'done' });
    expect(s.note).toEqual({ code: 'resume-authorized', amount: '120.00', expiresAt: NOW + 600 });
    const e = effects();
    const end = await runWithdraw(next(s, { type: 'continue' }), e.fx, () => undefined);
    expect(e.calls).toEqual(['check', 'send', 'waitForReceipt', 'awaitConfirmation']);
    expect(end.note).toEqual({ code: 'confirmed', received: '119.90', to: '0x111111…' });
  });

  it('sent: checks the transaction’s outcome without sending again', async () => {
    const s = resume(record(HASH), NOW);
    expect(steps(s)).toEqual({ transfer: 'done', request: 'done', check: 'done', submit: 'done' });
    expect(s.note).toEqual({ code: 'resume-sent', amount: '120.00', hash: '0xcdcdcdcdcd…' });
    const e = effects();
    await runWithdraw(next(s, { type: 'continue' }), e.fx, () => undefined);
    expect(e.calls).toEqual(['waitForReceipt', 'awaitConfirmation']);
    expect(e.stored.at(-1)).toMatchObject({ pending: null, entry: { status: 'Confirmed', txHash: HASH } });
  });

  it('an expired authorization that was never sent leaves nothing to resume', () => {
    expect(resume(record(null, NOW - 1), NOW)).toEqual(idle);
    expect(resume(null, NOW)).toEqual(idle);
    // Sent before it expired: its outcome is still worth checking.
    expect(canContinue(resume(record(HASH, NOW - 1), NOW))).toBe(true);
  });
});

describe('a new withdrawal starts clean', () => {
  it('clears the previous stepper, its note, its failure and its authorization', async () => {
    const { fx } = effects({ send: Object.assign(new Error('User rejected the request.'), { code: 4001 }) });
    const failed = await runWithdraw(next(idle, { type: 'start', amount: '120', short: null }), fx, () => undefined);
    expect(failed.failure?.step).toBe('submit');
    expect(failed.pending).not.toBeNull();
    const fresh = next(failed, { type: 'start', amount: '30', short: null });
    expect(fresh.failure).toBeNull();
    expect(fresh.note).toBeNull();
    expect(fresh.pending).toBeNull();
    expect(fresh.amount).toBe('30');
    expect(steps(fresh)).toEqual({ transfer: 'skipped', request: 'active' });
  });

  it('also after a reload, from a resumed Pending record', () => {
    const resumed = resume({ withdrawal: authorization(), txHash: null }, NOW);
    expect(resumed.note).toMatchObject({ code: 'resume-authorized' });
    const fresh = next(resumed, { type: 'start', amount: '30', short: null });
    expect(fresh.note).toBeNull();
    expect(fresh.pending).toBeNull();
    expect(steps(fresh)).toEqual({ transfer: 'skipped', request: 'active' });
  });
});
