import { isNoAnswer } from '../api/errors';
import type { OutcomeSource } from './send-with-outcome';

/**
 * What became of a command, in three words a trader can act on: done, refused by the service (with
 * its reason), or unknown — no answer, so it may or may not have happened. A command made of steps
 * (cancel the protection, then close) needs the three apart to say which step stands where.
 */
export type Outcome = { kind: 'done' } | { kind: 'refused'; message: string } | { kind: 'unknown'; message: string };

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * A failed request as an outcome: no answer (or an answer we cannot read) leaves it unknown; anything
 * the service or the client said no to is a refusal.
 */
export function failureOutcome(e: unknown): Outcome {
  if (isNoAnswer(e)) return { kind: 'unknown', message: e.message };
  return { kind: 'refused', message: messageOf(e) };
}

/**
 * Spec §3/§6: HTTP success only means "accepted"; the order's outcome comes on the order response
 * stream keyed by the request id. Without a logged-in stream, acceptance is all there is to know.
 * `sent` is told between the two, for the "submitted" toast.
 */
export async function orderOutcome(a: {
  send: (sessionId: string | undefined) => Promise<{ request_id: string }>;
  stream: OutcomeSource | null;
  sent?: () => void;
}): Promise<Outcome> {
  const sessionId = a.stream?.isLoggedIn ? a.stream.sessionId : undefined;
  let requestId: string;
  try {
    requestId = (await a.send(sessionId)).request_id;
  } catch (e) {
    return failureOutcome(e);
  }
  a.sent?.();
  if (!a.stream || sessionId === undefined) return { kind: 'done' };
  try {
    const outcome = await a.stream.waitForOutcome(requestId);
    return outcome.code === 0 ? { kind: 'done' } : { kind: 'refused', message: outcome.message ?? `code ${outcome.code}` };
  } catch (e) {
    return { kind: 'unknown', message: messageOf(e) };
  }
}
