import { describe, expect, it } from 'vitest';
import { sampleDepthBook } from '../__fixtures__/spec-samples';
import { FrameCoalescer, type DecodedBatch } from './frame-coalescer';

const depth = (seq: number, symbol: string, bid: string) =>
  JSON.stringify({ seq, channel: 'depth_book', symbol, data: { ...sampleDepthBook, symbol, bids: [[bid, '1']] } });
const trade = (seq: number, id: number) =>
  JSON.stringify({ seq, channel: 'public_trade', symbol: 'BTC-USD', data: { id, price: '100.5', qty: '0.1', side: 'buy', symbol: 'BTC-USD', time: 1754881200000 } });
const auth = (seq: number) => JSON.stringify({ seq, channel: 'auth', data: { code: 200, msg: 'success' } });

function collect() {
  const batches: DecodedBatch[] = [];
  const core = new FrameCoalescer((b) => batches.push(b));
  return { core, batches };
}

describe('FrameCoalescer', () => {
  it('sends the first public message at once, then holds the rest until pulled', () => {
    const { core, batches } = collect();
    core.push(depth(1, 'BTC-USD', '1'));
    expect(batches).toHaveLength(1);
    core.push(depth(2, 'BTC-USD', '2'));
    core.push(trade(3, 7));
    expect(batches).toHaveLength(1);
    core.pull();
    expect(batches).toHaveLength(2);
    expect(batches[1]!.messages.map((m) => m.seq)).toEqual([2, 3]);
    expect(batches[1]!.coalesced).toBe(true);
  });

  it('with a window, sends each message at once until that many batches are untaken, then holds until told how many were taken', () => {
    const batches: DecodedBatch[] = [];
    const core = new FrameCoalescer((b) => batches.push(b), 3);
    for (let seq = 1; seq <= 5; seq++) core.push(depth(seq, 'BTC-USD', String(seq)));
    expect(batches.map((b) => b.messages.map((m) => m.seq))).toEqual([[1], [2], [3]]);
    core.pull(1); // one taken: what queued goes, the newest book only
    expect(batches.map((b) => b.messages.map((m) => m.seq))).toEqual([[1], [2], [3], [5]]);
    core.push(trade(6, 1));
    expect(batches).toHaveLength(4); // three untaken again
    core.pull(3);
    core.push(trade(7, 2));
    expect(batches.slice(4).map((b) => b.messages.map((m) => m.seq))).toEqual([[6], [7]]);
  });

  it('keeps one depth snapshot per symbol per batch, the newest', () => {
    const { core, batches } = collect();
    core.push(depth(1, 'BTC-USD', '1'));
    core.push(depth(2, 'BTC-USD', '2'));
    core.push(depth(3, 'ETH-USD', '3'));
    core.push(depth(4, 'BTC-USD', '4'));
    core.pull();
    const held = batches[1]!.messages;
    expect(held.map((m) => [m.channel, m.symbol, m.seq])).toEqual([
      ['depth_book', 'BTC-USD', 4],
      ['depth_book', 'ETH-USD', 3],
    ]);
    // The next batch starts afresh: a new snapshot is not merged into one already sent.
    core.push(depth(5, 'BTC-USD', '5'));
    core.pull();
    expect(batches[2]!.messages.map((m) => m.seq)).toEqual([5]);
  });

  it('batches trades in their order, none lost', () => {
    const { core, batches } = collect();
    core.push(trade(1, 1));
    for (let i = 2; i <= 5; i++) core.push(trade(i, i));
    core.pull();
    const ids = batches.flatMap((b) => b.messages).map((m) => (m.channel === 'public_trade' ? m.data.id : null));
    expect(ids).toEqual([1, 2, 3, 4, 5]);
  });

  it('drops an invalid frame and reports it with its text, at once', () => {
    const { core, batches } = collect();
    core.push(depth(1, 'BTC-USD', '1')); // now waiting for a pull
    core.push('{not json');
    const wrongPrice = JSON.stringify({ seq: 2, channel: 'public_trade', data: { id: 1, price: 100.5, qty: '1', side: 'buy', symbol: 'BTC-USD', time: 1 } });
    core.push(wrongPrice);
    expect(batches.slice(1).map((b) => b.invalid)).toEqual([[['not JSON', '{not json']], [[expect.stringMatching(/^data\.price: /), wrongPrice]]]);
    expect(batches.slice(1).every((b) => b.messages.length === 0 && !b.coalesced)).toBe(true);
    core.pull();
    expect(batches).toHaveLength(3); // nothing valid was held
  });

  it('does not hold auth answers or the account channels', () => {
    const { core, batches } = collect();
    core.push(depth(1, 'BTC-USD', '1'));
    core.push(auth(2));
    expect(batches).toHaveLength(2);
    expect(batches[1]).toMatchObject({ coalesced: false, messages: [{ channel: 'auth', seq: 2 }] });
  });
});
