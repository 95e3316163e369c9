import { isApiError } from '../errors';
import { sleep, type Pacer } from './pacer';
import { retryAfterMs } from './retry-after';

/** Why a walk is waiting: the service said "too many requests", or it did not answer. */
export interface WaitNotice {
  reason: 'rate-limited' | 'no-answer';
  ms: number;
}

/** After this many 429s in a row the walk gives up (≈ 1 min of waiting): the limit is not ours. */
const MAX_RATE_LIMITED = 12;
/** No answer / a 5xx: a few tries, then the walk fails and the page offers a retry. */
const MAX_NO_ANSWER = 3;
const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 8_000;

const transient = (e: unknown) =>
  isApiError(e) && (e.kind === 'network' || e.kind === 'timeout' || (e.kind === 'http' && e.status >= 500));

/**
 * One request, paced; on HTTP 429 it waits (the service's Retry-After when it sends one, else a
 * doubling backoff), holds every other history request for the same time, and asks again; the
 * same page again, so nothing is lost or read twice.
 */
export async function fetchPatiently<R>(
  request: () => Promise<R>,
  o: { pacer: Pacer; signal?: AbortSignal | undefined; onWait?: ((w: WaitNotice) => void) | undefined },
): Promise<R> {
  let limited = 0;
  let unanswered = 0;
  for (;;) {
    await o.pacer.take(o.signal);
    try {
      return await request();
    } catch (e) {
      const backoff = (n: number) => Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (n - 1));
      if (isApiError(e) && e.isRateLimited && ++limited <= MAX_RATE_LIMITED) {
        const ms = retryAfterMs(e.retryAfter) ?? backoff(limited);
        o.pacer.hold(ms);
        o.onWait?.({ reason: 'rate-limited', ms });
        continue;
      }
      if (transient(e) && ++unanswered <= MAX_NO_ANSWER) {
        const ms = backoff(unanswered);
        o.onWait?.({ reason: 'no-answer', ms });
        await sleep(ms, o.signal);
        continue;
      }
      throw e;
    }
  }
}
