import { describe, expect, it } from 'vitest';
import { createFrameBatcher } from './frame-batcher';

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
