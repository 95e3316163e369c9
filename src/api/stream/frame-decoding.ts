import { createNewestPerFrame, type FrameScheduler } from '../../lib/frame-batcher';
import { marketFrame } from '../../lib/frame-clock';
import { FrameCoalescer, type DecodedBatch } from './frame-coalescer';

/** Where the market stream's frames are parsed, validated and coalesced. */
export interface FrameDecoding {
  /** One frame's text, as the socket received it. */
  push(text: string): void;
  close(): void;
}

/** Builds a decoding that hands its batches, in order, to `deliver`. */
export type DecodingFactory = (deliver: (batch: DecodedBatch) => void) => FrameDecoding;

/**
 * How the service (and the bench's storm) opens a depth frame: `{"seq":…,["ts":…,]"channel":"depth_book","symbol":"…",`.
 * A frame written otherwise is decoded as it arrives, like every other frame.
 */
const DEPTH_HEAD = /^\{"seq":\d+,(?:"ts":[\d.]+,)?"channel":"depth_book","symbol":"([\w.:-]{1,40})",/;

/**
 * In the page's own thread. Depth snapshots wait for the frame (`frame`, the market feeds' frame
 * clock): a snapshot replaces the whole book, so of those a symbol receives within one frame only
 * the newest is ever drawn, and only that one is parsed and validated (with the same schema); the
 * older are dropped unread, as the feed would have dropped them after decoding. At 200 snapshots a
 * second that is a third of the parsing. Everything else is decoded at once, in order. The app's
 * market stream decodes here (link-choice.ts); with the market worker asked for, until it takes the
 * socket (worker-link.ts).
 */
export function decodingInFrames(frame: FrameScheduler = marketFrame): DecodingFactory {
  return (deliver) => {
    const core: FrameCoalescer = new FrameCoalescer((batch) => {
      try {
        deliver(batch);
      } finally {
        // Even when a subscriber threw: otherwise public data would be held back for good.
        if (batch.coalesced) core.pull();
      }
    });
    let closed = false;
    /** The newest depth frame's text per symbol, since the last frame. */
    const held = createNewestPerFrame<string>((texts) => {
      if (!closed) for (const text of texts) core.push(text);
    }, frame);
    return {
      push(text) {
        const symbol = DEPTH_HEAD.exec(text)?.[1];
        if (symbol === undefined) {
          // A depth frame written another way is decoded now: what is held is older and goes first,
          // or it would land on top of this newer book at the frame.
          if (held.size > 0 && text.includes('"depth_book"')) held.releaseNow();
          core.push(text);
          return;
        }
        held.hold(symbol, text);
      },
      close() {
        closed = true;
        held.clear();
      },
    };
  };
}

export const inThreadDecoding: DecodingFactory = decodingInFrames();
