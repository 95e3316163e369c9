/**
 * A WebSocket the streams can drive in a unit test (the shape of api/stream/socket.ts StreamSocket):
 * the test opens it, closes it, and answers with frames; it records what the stream wrote.
 * `F` is the shape the test reads the written frames as.
 */
export class FakeSocket<F = unknown> {
  readyState = 0;
  /** Every frame written, as sent. */
  readonly raw: string[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;

  constructor(readonly url = 'ws://test.invalid') {}

  /** Every frame written, parsed. */
  get sent(): F[] {
    return this.raw.map((f) => JSON.parse(f) as F);
  }

  send(data: string) {
    this.raw.push(data);
  }

  close() {
    this.readyState = 3;
    this.onclose?.({});
  }

  open() {
    this.readyState = 1;
    this.onopen?.({});
  }

  /**
   * The first written frame of this `method` (an order-stream request), once the code under test has
   * written it: sends go out after awaited signing, a few turns of the event loop after the call.
   */
  async sentRequest(method: string): Promise<F> {
    for (let i = 0; i < 200; i++) {
      const f = this.sent.find((m) => (m as { method?: string }).method === method);
      if (f) return f;
      await new Promise((r) => setTimeout(r, 0));
    }
    throw new Error(`no ${method} frame`);
  }

  /** A frame from the server. */
  reply(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}
