import { isNoAnswer } from '../api/errors';
import type { StreamStatus } from '../api/stream/socket';
import { toast } from '../stores/toasts';

/** What this helper needs of the order response stream (structurally the api's OrderStream). */
export interface OutcomeSource {
  readonly isLoggedIn: boolean;
  readonly sessionId: string;
  /** The socket's state; an outcome can only come while it is open. */
  readonly status?: StreamStatus;
  waitForOutcome(requestId: string, timeoutMs?: number): Promise<{ code: number; message?: string }>;
  /** Told when the socket closes: a command sent on it then gets no outcome there. */
  onStatus?(listener: (s: StreamStatus) => void): () => void;
}

export interface SendWithOutcome {
  /** Sends the HTTP command, with the stream's session id when it is logged in. */
  send: (sessionId: string | undefined) => Promise<{ request_id: string }>;
  /**
   * Sends the command over the order stream itself and returns its request id; throws only when it
   * never left (socket not open), and HTTP carries it instead. Absent: HTTP only.
   */
  sendOnStream?: () => Promise<string>;
  stream: OutcomeSource | null;
  /** "Buy 0.01 BTC-USD @ 95000", "Cancel order 42". */
  what: string;
  /** Toast key; order toasts share `order-<cl_ord_id>` with the stream's fill toasts. */
  key?: string;
  words?: { sent: string; done: string; refused: string };
}

const ORDER_WORDS = { sent: 'Order submitted', done: 'Order placed', refused: 'Order rejected' };

/** The stream refuses an unauthenticated command before executing it (expired token): HTTP may retry it. */
const UNAUTHORIZED = 401;

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The outcome of a command sent on the socket, or null once that socket closes (no outcome can come). */
function outcomeOnSocket(stream: OutcomeSource, requestId: string): Promise<{ code: number; message?: string } | null> {
  return new Promise((resolve, reject) => {
    const stop = stream.onStatus?.((s) => {
      if (s !== 'open') finish(() => resolve(null));
    });
    let over = false;
    const finish = (f: () => void) => {
      if (over) return;
      over = true;
      stop?.();
      f();
    };
    stream.waitForOutcome(requestId).then(
      (r) => finish(() => resolve(r)),
      (e: unknown) => finish(() => reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}

/**
 * Spec §3/§6: a command's acceptance only means "accepted"; the outcome comes on the order response
 * stream keyed by its request id. The command goes over the stream itself when `sendOnStream` is
 * given (and falls back to HTTP if it could not leave), else over HTTP. Toasts each step; resolves
 * true unless the service refused (an error, or a non-zero outcome such as `alo order rejected`) or
 * the request got no answer (told as unknown, never as refused).
 */
export async function sendWithOutcome({ send, sendOnStream, stream, what, key, words = ORDER_WORDS }: SendWithOutcome): Promise<boolean> {
  if (sendOnStream && stream) {
    let requestId: string | null = null;
    try {
      requestId = await sendOnStream();
    } catch {
      // It never left the page: HTTP carries it below.
    }
    if (requestId !== null) {
      toast({ kind: 'info', key, rank: 0, title: `${words.sent}: ${what}` });
      let outcome: { code: number; message?: string } | null;
      try {
        outcome = await outcomeOnSocket(stream, requestId);
      } catch {
        outcome = null;
      }
      if (outcome === null) {
        toast({ kind: 'warn', key, rank: 0, title: `No answer: ${what}`, body: 'The order stream gave no outcome. It may or may not have reached the exchange.' });
        return false;
      }
      if (outcome.code !== UNAUTHORIZED) return told(outcome, what, key, words);
      // Not executed (the session's token ran out on the socket): HTTP asks to sign in again.
    }
  }
  // A closed socket hears no outcome: HTTP acceptance is then all there is to tell.
  const sessionId = stream?.isLoggedIn && (stream.status ?? 'open') === 'open' ? stream.sessionId : undefined;
  let requestId: string;
  try {
    requestId = (await send(sessionId)).request_id;
  } catch (e) {
    const body = messageOf(e);
    // No answer is not a refusal: the command may or may not have reached the exchange.
    if (isNoAnswer(e)) toast({ kind: 'warn', key, rank: 0, title: `No answer: ${what}`, body: `${body}. It may or may not have reached the exchange.` });
    else toast({ kind: 'error', key, rank: 3, title: `${words.refused}: ${what}`, body });
    return false;
  }
  toast({ kind: 'info', key, rank: 0, title: `${words.sent}: ${what}` });
  if (!stream || sessionId === undefined) return true;
  try {
    return told(await stream.waitForOutcome(requestId), what, key, words);
  } catch (e) {
    // HTTP accepted it; only the outcome is late.
    toast({ kind: 'warn', key, rank: 0, title: `No outcome yet: ${what}`, body: messageOf(e) });
    return true;
  }
}

function told(outcome: { code: number; message?: string }, what: string, key: string | undefined, words: typeof ORDER_WORDS): boolean {
  if (outcome.code === 0) {
    toast({ kind: 'success', key, rank: 1, title: `${words.done}: ${what}` });
    return true;
  }
  toast({ kind: 'error', key, rank: 3, title: `${words.refused}: ${what}`, body: outcome.message ?? `code ${outcome.code}` });
  return false;
}
