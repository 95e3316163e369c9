import { isApiError } from '../api/errors';
import { toast } from '../stores/toasts';

/** What this helper needs of the order response stream (structurally the api's OrderStream). */
export interface OutcomeSource {
  readonly isLoggedIn: boolean;
  readonly sessionId: string;
  waitForOutcome(requestId: string, timeoutMs?: number): Promise<{ code: number; message?: string }>;
}

export interface SendWithOutcome {
  /** Sends the HTTP command, with the stream's session id when it is logged in. */
  send: (sessionId: string | undefined) => Promise<{ request_id: string }>;
  stream: OutcomeSource | null;
  /** "Buy 0.01 BTC-USD @ 95000", "Cancel order 42". */
  what: string;
  /** Toast key; order toasts share `order-<cl_ord_id>` with the stream's fill toasts. */
  key?: string;
  words?: { sent: string; done: string; refused: string };
}

const ORDER_WORDS = { sent: 'Order submitted', done: 'Order placed', refused: 'Order rejected' };

/**
 * Spec §3/§6: a command's HTTP success only means "accepted"; the outcome comes on the order
 * response stream keyed by its request id. Toasts each step; resolves true unless the service
 * refused (HTTP error or a non-zero outcome such as `alo order rejected`) or the request got no
 * answer (told as unknown, never as refused).
 */
export async function sendWithOutcome({ send, stream, what, key, words = ORDER_WORDS }: SendWithOutcome): Promise<boolean> {
  const sessionId = stream?.isLoggedIn ? stream.sessionId : undefined;
  let requestId: string;
  try {
    requestId = (await send(sessionId)).request_id;
  } catch (e) {
    const body = e instanceof Error ? e.message : String(e);
    // No answer is not a refusal: the command may or may not have reached the exchange.
    if (isApiError(e) && e.kind === 'network') toast({ kind: 'warn', key, rank: 0, title: `No answer: ${what}`, body: `${body}. It may or may not have reached the exchange.` });
    else toast({ kind: 'error', key, rank: 3, title: `${words.refused}: ${what}`, body });
    return false;
  }
  toast({ kind: 'info', key, rank: 0, title: `${words.sent}: ${what}` });
  if (!stream || sessionId === undefined) return true;
  try {
    const outcome = await stream.waitForOutcome(requestId);
    if (outcome.code === 0) {
      toast({ kind: 'success', key, rank: 1, title: `${words.done}: ${what}` });
      return true;
    }
    toast({ kind: 'error', key, rank: 3, title: `${words.refused}: ${what}`, body: outcome.message ?? `code ${outcome.code}` });
    return false;
  } catch (e) {
    toast({ kind: 'warn', key, rank: 0, title: `No outcome yet: ${what}`, body: e instanceof Error ? e.message : String(e) });
    return true;
  }
}
