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
 * In the page's own thread, synchronously: each frame is delivered as it arrives (the receiver
 * "pulls" at once, so nothing is held). Used where there is no Worker (unit tests) and until the
 * market worker is ready.
 */
export const inThreadDecoding: DecodingFactory = (deliver) => {
  const core: FrameCoalescer = new FrameCoalescer((batch) => {
    deliver(batch);
    if (batch.coalesced) core.pull();
  });
  return { push: (text) => core.push(text), close: () => undefined };
};
