import type { DecodingFactory } from './frame-decoding';
import { workerDecoding } from './worker-decoding';

const STORAGE_KEY = 'perps.market-decoding';

/**
 * Where the app decodes market frames. In the page by default: with the socket in the page, the
 * worker still costs the page a postMessage per frame each way, and on the 2-core bench machine,
 * busy with other work, the hop to the worker's thread made 15–35 % of depth messages miss the
 * next frame (bench figure 1, README Performance) while page scripting stayed within the noise.
 * `localStorage['perps.market-decoding'] = 'worker'` runs the market worker instead (where the
 * platform has workers), for measuring it on other machines.
 */
export function marketDecoding(): DecodingFactory | undefined {
  let chosen: string | null = null;
  try {
    chosen = globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    // storage refused (privacy mode): the default
  }
  return chosen === 'worker' && typeof Worker !== 'undefined' ? workerDecoding() : undefined;
}
