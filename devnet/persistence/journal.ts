import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';

/**
 * An append-only file of JSON lines. Each append is a write(2) before the caller replies, so a
 * SIGKILL of the process loses nothing that was acknowledged (the kernel holds the bytes).
 */
export class Journal {
  private fd: number;

  constructor(private readonly path: string) {
    this.fd = openSync(path, 'a');
  }

  append(entry: unknown): void {
    writeSync(this.fd, `${JSON.stringify(entry)}\n`);
  }

  /** Every complete entry; a torn last line (crash mid-write) was never acknowledged and is dropped. */
  static read(path: string): unknown[] {
    if (!existsSync(path)) return [];
    const lines = readFileSync(path, 'utf8').split('\n');
    const out: unknown[] = [];
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (line.length === 0) continue;
      try {
        out.push(JSON.parse(line));
      } catch (e) {
        if (i < lines.length - 1 && lines.slice(i + 1).some((l) => l.length > 0)) throw new Error(`journal ${path} corrupt at line ${i + 1}: ${String(e)}`);
      }
    }
    return out;
  }

  /** Starts an empty journal (after a snapshot made the old entries redundant). */
  reset(): void {
    closeSync(this.fd);
    const fresh = `${this.path}.new`;
    closeSync(openSync(fresh, 'w'));
    renameSync(fresh, this.path);
    this.fd = openSync(this.path, 'a');
  }

  close(): void {
    fsyncSync(this.fd);
    closeSync(this.fd);
  }
}

/** Writes a file so that a crash leaves either the old or the new content, never half. */
export function writeFileAtomic(path: string, content: string): void {
  const tmp = `${path}.tmp`;
  const fd = openSync(tmp, 'w');
  writeSync(fd, content);
  fsyncSync(fd);
  closeSync(fd);
  renameSync(tmp, path);
}
