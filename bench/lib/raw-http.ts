import { connect, type Socket } from 'node:net';

/**
 * The load generator's side of HTTP/1.1, kept small: requests are bytes built (and signed) before
 * the measured window, sent over keep-alive sockets, and a reply is recognised by its status line
 * and Content-Length. node:http's client costs the generator ~100 µs a request, which on a 2-core
 * machine is CPU taken from the server being measured (the way wrk or autocannon avoid it too).
 */
export class RawHttpPool {
  private readonly conns: Conn[] = [];

  private constructor(conns: Conn[]) {
    this.conns = conns;
  }

  static async open(host: string, port: number, connections: number): Promise<RawHttpPool> {
    const conns = await Promise.all(Array.from({ length: connections }, () => Conn.open(host, port)));
    return new RawHttpPool(conns);
  }

  /** Sends on an idle socket, else pipelined behind the socket with the fewest replies owed. */
  send(request: Buffer): Promise<number> {
    let best = this.conns[0]!;
    for (const c of this.conns) {
      if (c.owed === 0) {
        best = c;
        break;
      }
      if (c.owed < best.owed) best = c;
    }
    return best.send(request);
  }

  close(): void {
    for (const c of this.conns) c.socket.destroy();
  }
}

class Conn {
  private readonly waiting: Array<{ resolve: (status: number) => void; reject: (e: Error) => void }> = [];
  private buffered: Buffer = Buffer.alloc(0);

  private constructor(readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (d: Buffer) => this.onData(d));
    const fail = (e: Error) => {
      for (const w of this.waiting.splice(0)) w.reject(e);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
  }

  static open(host: string, port: number): Promise<Conn> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port }, () => resolve(new Conn(socket)));
      socket.once('error', reject);
    });
  }

  get owed(): number {
    return this.waiting.length;
  }

  send(request: Buffer): Promise<number> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.socket.write(request);
    });
  }

  private onData(d: Buffer): void {
    this.buffered = this.buffered.length === 0 ? d : Buffer.concat([this.buffered, d]);
    for (;;) {
      const headEnd = this.buffered.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = this.buffered.subarray(0, headEnd).toString('latin1');
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (!length) throw new Error(`reply without content-length: ${head.slice(0, 200)}`);
      const end = headEnd + 4 + Number(length[1]);
      if (this.buffered.length < end) return;
      this.buffered = this.buffered.subarray(end);
      this.waiting.shift()?.resolve(Number(head.slice(9, 12)));
    }
  }
}
