/** decisions.md: at most 10 stream connections per IP. */
export class ConnectionLimit {
  private readonly counts = new Map<string, number>();

  constructor(readonly perIp: number) {}

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
