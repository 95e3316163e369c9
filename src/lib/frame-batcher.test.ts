import { describe, expect, it } from 'vitest';
import { createFrameBatcher, createNewestPerFrame, endOfTask } from './frame-batcher';

describe('frame batcher', () => {
  it('hands over everything pushed before a frame in one call, in order', () => {
    const frames: (() => void)[] = [];
    const flushed: number[][] = [];
    const b = createFrameBatcher<number>((items) => flushed.push(items), (cb) => frames.push(cb));
    b.push(1);
    b.push(2);
    b.push(3);
    expect(frames).toHaveLength(1); // one frame requested for the burst
    frames.shift()!();
    expect(flushed).toEqual([[1, 2, 3]]);
    b.push(4);
    frames.shift()!();
    expect(flushed).toEqual([[1, 2, 3], [4]]);
  });

  it('drops what is pending once stopped', () => {
    const frames: (() => void)[] = [];
    const flushed: number[][] = [];
    const b = createFrameBatcher<number>((items) => flushed.push(items), (cb) => frames.push(cb));
    b.push(1);
    b.stop();
    frames.shift()!();
    b.push(2);
    expect(flushed).toEqual([]);
    expect(frames).toHaveLength(0);
  });
});

describe('end of task', () => {
  it('hands over what one task pushed in one call once that task is done, before the next task runs', async () => {
    const calls: number[][] = [];
    const b = createFrameBatcher<number>((items) => calls.push(items), endOfTask);
    b.push(1);
    b.push(2);
    b.push(3);
    expect(calls).toEqual([]); // not within the task
    await Promise.resolve();
    expect(calls).toEqual([[1, 2, 3]]);
    b.push(4);
    b.push(5);
    await new Promise((r) => setTimeout(r, 0)); // the next task: by then handed over
    expect(calls).toEqual([[1, 2, 3], [4, 5]]);
  });
});

describe('newest per frame', () => {
  it("hands over each key's newest item at the frame, once, and at once when asked", () => {
    const frames: (() => void)[] = [];
    const flushed: string[][] = [];
    const n = createNewestPerFrame<string>((items) => flushed.push(items), (cb) => frames.push(cb));
    n.hold('BTC', 'b1');
    n.hold('ETH', 'e1');
    n.hold('BTC', 'b2');
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(flushed).toEqual([['b2', 'e1']]);
    n.hold('BTC', 'b3');
    n.releaseNow();
    expect(flushed).toEqual([['b2', 'e1'], ['b3']]);
    frames.shift()!(); // the frame asked for finds nothing left
    n.hold('BTC', 'b4');
    n.clear();
    frames.shift()!();
    expect(flushed).toHaveLength(2);
  });
});
