import { describe, expect, it } from 'vitest';
import { createFrameClock } from './frame-clock';

describe('frame clock', () => {
  it('runs what is scheduled before a frame in one turn, in order, with one frame asked for', () => {
    const frames: (() => void)[] = [];
    const clock = createFrameClock((cb) => frames.push(cb));
    const ran: string[] = [];
    clock(() => ran.push('a'));
    clock(() => ran.push('b'));
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(ran).toEqual(['a', 'b']);
  });

  it('runs what a callback schedules in the same turn, not a frame later', () => {
    const frames: (() => void)[] = [];
    const clock = createFrameClock((cb) => frames.push(cb));
    const ran: string[] = [];
    clock(() => {
      ran.push('decode');
      clock(() => ran.push('write'));
    });
    frames.shift()!();
    expect(ran).toEqual(['decode', 'write']);
    expect(frames).toHaveLength(0);
    clock(() => ran.push('next'));
    expect(frames).toHaveLength(1);
  });
});
