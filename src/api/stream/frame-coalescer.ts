import { marketStreamMessage, type MarketStreamMessage } from '../schemas';

/** What the decoder hands the stream: validated messages, and the frames it refused (why, raw text). */
export interface DecodedBatch {
  messages: MarketStreamMessage[];
  invalid: [error: string, raw: string][];
  /** A batch of public market data: the receiver pulls the next one when it has drawn this one. */
  coalesced: boolean;
}

export type Decoded = { ok: true; message: MarketStreamMessage } | { ok: false; error: string };

/** Parses one frame and validates it against the market stream's schema (never throws). */
export function decodeFrame(text: string): Decoded {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: 'not JSON' };
  }
  const parsed = marketStreamMessage.safeParse(raw);
  if (parsed.success) return { ok: true, message: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, error: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}` };
}

/** The symbol a public message is for (the envelope's, else the payload's). */
export function symbolOf(msg: MarketStreamMessage): string {
  if (msg.symbol !== undefined) return msg.symbol;
  return 'symbol' in msg.data && typeof msg.data.symbol === 'string' ? msg.data.symbol : '';
}

/**
 * The market stream's decoding and per-frame coalescing, one plain class that runs inside the
 * market worker and, where there is no Worker (tests), in the page's own thread.
 *
 * Public market data (depth, trades, prices) waits for the receiver: a batch goes at once while
 * fewer than `inFlight` are untaken, then nothing until the receiver `pull`s (says how many it took),
 * so a page busy rendering finds a few batches, not a queue of messages. While it waits, a newer
 * depth snapshot of a symbol replaces the older one (a book is a whole snapshot: only the newest is
 * drawn) and trades and prices queue in order. Auth answers, the account's channels and refused
 * frames are not held: they are rare, and a fill must not wait behind books.
 */
export class FrameCoalescer {
  private pending: MarketStreamMessage[] = [];
  /** Where each symbol's pending depth snapshot sits in `pending`. */
  private readonly depthAt = new Map<string, number>();
  /** Batches of public data sent and not yet taken. */
  private untaken = 0;

  /**
   * `inFlight`: how many batches may be untaken at once (the market worker's page takes them a
   * frame's worth at a time: one reply a frame, not one a batch). `decode`: decodeFrame, or one that
   * gives the same result sooner (the market worker's, worker-decoding.ts).
   */
  constructor(
    private readonly emit: (batch: DecodedBatch) => void,
    private readonly inFlight = 1,
    private readonly decode: (text: string) => Decoded = decodeFrame,
  ) {}

  push(text: string) {
    const decoded = this.decode(text);
    if (!decoded.ok) {
      this.emit({ messages: [], invalid: [[decoded.error, text]], coalesced: false });
      return;
    }
    const msg = decoded.message;
    if (msg.channel !== 'price' && msg.channel !== 'depth_book' && msg.channel !== 'public_trade') {
      this.emit({ messages: [msg], invalid: [], coalesced: false });
      return;
    }
    if (msg.channel === 'depth_book') {
      const symbol = symbolOf(msg);
      const at = this.depthAt.get(symbol);
      if (at === undefined) this.depthAt.set(symbol, this.pending.push(msg) - 1);
      else this.pending[at] = msg;
    } else {
      this.pending.push(msg);
    }
    if (this.untaken < this.inFlight) this.flush();
  }

  /** The receiver has taken `taken` batches (all sent, by default): send what queued meanwhile, or the next message at once. */
  pull(taken = this.untaken) {
    this.untaken -= taken;
    if (this.pending.length > 0 && this.untaken < this.inFlight) this.flush();
  }

  private flush() {
    const messages = this.pending;
    this.pending = [];
    this.depthAt.clear();
    this.untaken += 1;
    this.emit({ messages, invalid: [], coalesced: true });
  }
}
