// The one "send a command, then wait for its outcome" of the trade layer (issue 18 #1): orders,
// cancels, closes, position TP/SL and modify all go through orderOutcome; sendWithOutcome adds the
// toasts. One bound on the wait (OUTCOME_TIMEOUT_MS), one rule for which session the outcome comes
// on, and one `isNoAnswer` (api/errors.ts) for "no answer is not a refusal".
import { t } from '@lingui/core/macro';
import { isNoAnswer } from '../api/errors';
import type { StreamStatus } from '../api/stream/socket';

/** What this needs of the order response stream (structurally the api's OrderStream). */
export interface OutcomeSource {
  readonly isLoggedIn: boolean;
  readonly sessionId: string;
  /** The socket's state; an outcome can only come while it is open. */
  readonly status?: StreamStatus;
  waitForOutcome(requestId: string, timeoutMs?: number): Promise<{ code: number; message?: string }>;
  /** Told when the socket closes: a command sent on it then gets no outcome there. */
  onStatus?(listener: (s: StreamStatus) => void): () => void;
}

/**
 * What became of a command, in three words a trader can act on: done, refused by the service (with
 * its reason), or unknown — no answer, so it may or may not have happened (`accepted`: HTTP took it,
 * only the outcome is missing). A command made of steps needs the three apart to say where each stands.
 * `done` with `unconfirmed`: HTTP accepted it and no stream could carry an outcome.
 */
export type Outcome =
  | { kind: 'done'; unconfirmed?: boolean }
  | { kind: 'refused'; message: string }
  | { kind: 'unknown'; message: string; accepted?: boolean };

/**
 * How long a command may wait for its outcome once it left, so "Sending…" never outlasts it: the
 * same 10 s as an HTTP request (api/transport.ts REQUEST_TIMEOUT_MS). Past it the outcome is unknown
 * and the caller reconciles.
 */
export const OUTCOME_TIMEOUT_MS = 10_000;

/** The stream refuses an unauthenticated command before executing it (expired token): HTTP may retry it. */
const UNAUTHORIZED = 401;

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * A failed request as an outcome: no answer (or an answer we cannot read) leaves it unknown; anything
 * the service or the client said no to is a refusal.
 */
export function failureOutcome(e: unknown): Outcome {
  if (isNoAnswer(e)) return { kind: 'unknown', message: e.message };
  return { kind: 'refused', message: messageOf(e) };
}

type Reply = { code: number; message?: string };

/** The outcome of a command on the socket, or why none will come: the socket closed, or the time ran out. */
function outcomeOnSocket(stream: OutcomeSource, requestId: string, timeoutMs: number): Promise<Reply | 'closed' | 'timeout'> {
  return new Promise((resolve) => {
    let over = false;
    const finish = (r: Reply | 'closed' | 'timeout') => {
      if (over) return;
      over = true;
      stop?.();
      resolve(r);
    };
    const stop = stream.onStatus?.((s) => {
      if (s !== 'open') finish('closed');
    });
    stream.waitForOutcome(requestId, timeoutMs).then(finish, () => finish('timeout'));
  });
}

// Our words, worded when the outcome comes (in the language of that moment); the service's own
// words (a refusal's message) go on as it wrote them.
const silence = (why: 'closed' | 'timeout', timeoutMs: number) => {
  const seconds = timeoutMs / 1000;
  return why === 'closed' ? t`The order stream closed before it answered` : t`No answer on the order stream within ${seconds} s`;
};

/** The same silence once HTTP has accepted the command. */
const silenceAfterAccepted = (why: 'closed' | 'timeout', timeoutMs: number) => {
  const seconds = timeoutMs / 1000;
  return why === 'closed' ? t`Accepted; the order stream closed before it answered` : t`Accepted; no answer on the order stream within ${seconds} s`;
};

const fromReply = (r: Reply): Outcome => {
  if (r.code === 0) return { kind: 'done' };
  const code = r.code;
  return { kind: 'refused', message: r.message ?? t`code ${code}` };
};

export interface OrderCommand {
  /** Sends the HTTP command, with the stream's session id when its outcome can come there. */
  send: (sessionId: string | undefined) => Promise<{ request_id: string }>;
  /**
   * Sends the command over the order stream itself and returns its request id; throws only when it
   * never left (socket not open), and HTTP carries it instead. Absent: HTTP only.
   */
  sendOnStream?: (() => Promise<string>) | undefined;
  stream: OutcomeSource | null;
  /** Told once the command has left (for the "submitted" toast). */
  sent?: () => void;
  timeoutMs?: number;
}

/**
 * Spec §3/§6: acceptance only means "accepted"; the outcome comes on the order response stream keyed
 * by the request id. Over the stream itself when `sendOnStream` is given (HTTP when it could not
 * leave, or when the stream refused it unauthenticated), else over HTTP with the session id — only
 * while the socket is open and logged in, since a closed socket hears no outcome. Without a stream,
 * HTTP acceptance is all there is to know.
 */
export async function orderOutcome({ send, sendOnStream, stream, sent, timeoutMs = OUTCOME_TIMEOUT_MS }: OrderCommand): Promise<Outcome> {
  if (sendOnStream && stream) {
    let requestId: string | null = null;
    try {
      requestId = await sendOnStream();
    } catch {
      // It never left the page: HTTP carries it below.
    }
    if (requestId !== null) {
      sent?.();
      const reply = await outcomeOnSocket(stream, requestId, timeoutMs);
      if (typeof reply === 'string') return { kind: 'unknown', message: silence(reply, timeoutMs) };
      if (reply.code !== UNAUTHORIZED) return fromReply(reply);
      // Not executed (the session's token ran out on the socket): HTTP asks to sign in again.
    }
  }
  const sessionId = stream?.isLoggedIn && (stream.status ?? 'open') === 'open' ? stream.sessionId : undefined;
  let requestId: string;
  try {
    requestId = (await send(sessionId)).request_id;
  } catch (e) {
    return failureOutcome(e);
  }
  sent?.();
  if (!stream || sessionId === undefined) return { kind: 'done', unconfirmed: true };
  const reply = await outcomeOnSocket(stream, requestId, timeoutMs);
  return typeof reply === 'string' ? { kind: 'unknown', accepted: true, message: silenceAfterAccepted(reply, timeoutMs) } : fromReply(reply);
}
