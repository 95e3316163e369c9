import { afterEach, describe, expect, it, vi } from 'vitest';
import { marketDecoding } from './decoding-choice';

const storage = (value: string | null) => ({ getItem: (key: string) => (key === 'perps.market-decoding' ? value : null) });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('marketDecoding', () => {
  it('decodes in the page unless the market worker is asked for', () => {
    vi.stubGlobal('Worker', class {});
    vi.stubGlobal('localStorage', storage(null));
    expect(marketDecoding()).toBeUndefined();
    vi.stubGlobal('localStorage', storage('worker'));
    expect(marketDecoding()).toBeTypeOf('function');
  });

  it('stays in the page where there is no Worker', () => {
    vi.stubGlobal('localStorage', storage('worker'));
    expect(typeof Worker).toBe('undefined');
    expect(marketDecoding()).toBeUndefined();
  });
});
