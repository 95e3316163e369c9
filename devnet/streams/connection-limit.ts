import type { Duplex } from 'node:stream';

/**
 * decisions.md: at most 10 stream connections per IP. A slot belongs to a TCP connection that asked
 * for an upgrade and is freed when that connection closes, however it ends: a refused handshake (bad
 * `Sec-WebSocket-Key`, wrong version), a client gone before or during the handshake, or a WebSocket
 * closed later. Freeing it on the WebSocket's `close` alone leaked the slot of every failed handshake.
 */
export class ConnectionLimit {
  private readonly counts = new Map<string, number>();

  constructor(readonly perIp: number) {}

  /** Takes a slot for `socket` if the IP has one left; it is given back when `socket` closes. */
  tryHold(ip: string, socket: Duplex): boolean {
    if (!this.tryOpen(ip)) return false;
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      this.close(ip);
    };
    socket.once('close', release);
    if (socket.destroyed) release();
    return true;
  }

  /** Connections the IP holds now. */
  held(ip: string): number {
    return this.counts.get(ip) ?? 0;
  }

  tryOpen(ip: string): boolean {
    const n = this.counts.get(ip) ?? 0;
    if (n >= this.perIp) return false;
    this.counts.set(ip, n + 1);
    return true;
  }

  close(ip: string): void {
    const n = (this.counts.get(ip) ?? 1) - 1;
    if (n <= 0) this.counts.delete(ip);
    else this.counts.set(ip, n);
  }
}
