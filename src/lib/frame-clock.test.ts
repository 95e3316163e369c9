import { describe, expect, it } from 'vitest';
import { createFrameClock, framesAtMost } from './frame-clock';

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

describe('framesAtMost', () => {
  it('runs in the next frame when the last run is long past, and otherwise waits out the interval first', () => {
    let t = 1_000;
    const frames: (() => void)[] = [];
    const timers: { at: number; cb: () => void }[] = [];
    const schedule = framesAtMost(
      100,
      (cb) => frames.push(cb),
      () => t,
      (cb, ms) => timers.push({ at: t + ms, cb }),
    );
    const ran: number[] = [];
    schedule(() => ran.push(t));
    expect(timers).toHaveLength(0);
    frames.shift()!(); // the next frame
    expect(ran).toEqual([1_000]);

    t = 1_016;
    schedule(() => ran.push(t)); // 16 ms later: waits until 100 ms after the last run
    expect(frames).toHaveLength(0);
    expect(timers[0]!.at).toBe(1_100);
    t = 1_100;
    timers.shift()!.cb();
    expect(ran).toEqual([1_000]); // then the frame after
    t = 1_110;
    frames.shift()!();
    expect(ran).toEqual([1_000, 1_110]);

    t = 1_300; // quiet for longer than the interval: no wait
    schedule(() => ran.push(t));
    expect(timers).toHaveLength(0);
    frames.shift()!();
    expect(ran).toEqual([1_000, 1_110, 1_300]);
  });
});
