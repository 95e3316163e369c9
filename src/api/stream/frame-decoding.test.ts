import { describe, expect, it } from 'vitest';
import { sampleDepthBook } from '../__fixtures__/spec-samples';
import type { DecodedBatch } from './frame-coalescer';
import { decodingInFrames } from './frame-decoding';

const depth = (seq: number, symbol: string, bid: string) =>
  JSON.stringify({ seq, channel: 'depth_book', symbol, data: { ...sampleDepthBook, symbol, bids: [[bid, '1']] } });
const trade = (seq: number) =>
  JSON.stringify({ seq, channel: 'public_trade', symbol: 'BTC-USD', data: { id: seq, price: '100.5', qty: '0.1', side: 'buy', symbol: 'BTC-USD', time: 1754881200000 } });

function decoding() {
  const frames: (() => void)[] = [];
  const batches: DecodedBatch[] = [];
  const d = decodingInFrames((cb) => frames.push(cb))((b) => batches.push(b));
  const seen = () => batches.flatMap((b) => b.messages.map((m) => (m.channel === 'depth_book' ? `${m.symbol}:${m.data.bids[0]![0]}` : `${m.channel}:${m.seq}`)));
  return { d, frames, batches, seen };
}

describe('decoding in the page, a frame at a time for depth', () => {
  it('hands over the newest depth snapshot of each symbol at the frame, and other channels at once', () => {
    const { d, frames, seen } = decoding();
    d.push(depth(1, 'BTC-USD', '1'));
    d.push(depth(2, 'ETH-USD', '2'));
    d.push(trade(3));
    d.push(depth(4, 'BTC-USD', '4'));
    expect(seen()).toEqual(['public_trade:3']);
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(seen()).toEqual(['public_trade:3', 'BTC-USD:4', 'ETH-USD:2']);
    d.push(depth(5, 'BTC-USD', '5'));
    frames.shift()!();
    expect(seen().at(-1)).toBe('BTC-USD:5');
  });

  it('reports a broken snapshot that would be drawn; one a newer replaced is dropped unread', () => {
    const { d, frames, batches } = decoding();
    const broken = (seq: number) => JSON.stringify({ seq, channel: 'depth_book', symbol: 'BTC-USD', data: { symbol: 'BTC-USD', asks: [[1, '1']], bids: [] } });
    d.push(broken(1));
    d.push(depth(2, 'BTC-USD', '2'));
    frames.shift()!();
    expect(batches.flatMap((b) => b.invalid)).toEqual([]);
    d.push(depth(3, 'BTC-USD', '3'));
    d.push(broken(4));
    frames.shift()!();
    expect(batches.flatMap((b) => b.invalid.map(([error]) => error))).toEqual([expect.stringMatching(/^data\.asks\.0\.0: /)]);
    expect(batches.flatMap((b) => b.messages).map((m) => m.seq)).toEqual([2]);
  });

  it('decodes a depth frame written another way (fields in another order) as it arrives', () => {
    const { d, frames, seen } = decoding();
    d.push(JSON.stringify({ channel: 'depth_book', seq: 1, symbol: 'BTC-USD', data: { ...sampleDepthBook, symbol: 'BTC-USD', bids: [['7', '1']] } }));
    expect(seen()).toEqual(['BTC-USD:7']);
    expect(frames).toHaveLength(0);
  });

  it('hands over what it holds before a depth frame written another way, so the older book never lands on the newer', () => {
    const { d, frames, seen } = decoding();
    d.push(depth(1, 'BTC-USD', '1'));
    d.push(JSON.stringify({ seq: 2, channel: 'depth_book', ts: 5, symbol: 'BTC-USD', data: { ...sampleDepthBook, symbol: 'BTC-USD', bids: [['2', '1']] } }));
    while (frames.length) frames.shift()!();
    expect(seen().at(-1)).toBe('BTC-USD:2');
  });

  it('drops what it holds once closed', () => {
    const { d, frames, seen } = decoding();
    d.push(depth(1, 'BTC-USD', '1'));
    d.close();
    frames.shift()!();
    expect(seen()).toEqual([]);
  });
});
