import { closeSync, existsSync, fstatSync, fsyncSync, ftruncateSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';

/**
 * An append-only file of JSON lines. Each append is a write(2) before the caller replies, so a
 * SIGKILL of the process loses nothing that was acknowledged (the kernel holds the bytes).
 *
 * An append is whole or not there: a write the disk takes only part of (disk full, file size
 * limit) is finished or, when the rest is refused, cut off again (ftruncate to the size before it),
 * and the append throws. A torn line left in the file would be harmless only as the last line:
 * once later appends follow it (the disk has room again), a restart refuses the journal as corrupt.
 */
export class Journal {
  private fd: number;
  /** Bytes of complete lines in the file: where a refused append is cut back to. */
  private size: number;
  /** Set when a refused append could not be cut off: the file may end in a torn line. */
  private torn: Error | null = null;

  constructor(private readonly path: string) {
    this.fd = openSync(path, 'a');
    this.size = fstatSync(this.fd).size;
  }

  /** Appends one entry; returns its length in characters (≈ bytes: the lines are mostly ASCII). */
  append(entry: unknown): number {
    return this.appendJson(JSON.stringify(entry));
  }

  /**
   * Appends an entry already in JSON (one line, no newline): the caller keeps the text to send on.
   * Throws (the write's error: EFBIG, ENOSPC, EIO …) when the line could not be written whole; the
   * file then holds exactly the lines before it.
   */
  appendJson(json: string): number {
    if (this.torn) throw this.torn;
    const line = `${json}\n`;
    const bytes = Buffer.byteLength(line);
    try {
      const n = writeSync(this.fd, line);
      // A regular file takes a line in one go; only a nearly full disk takes part of it.
      if (n < bytes) writeRest(this.fd, Buffer.from(line), n);
    } catch (e) {
      this.cutBack(e);
      throw e;
    }
    this.size += bytes;
    return line.length;
  }

  private cutBack(cause: unknown): void {
    try {
      ftruncateSync(this.fd, this.size);
    } catch (e) {
      this.torn = new Error(`journal ${this.path}: an append failed (${String(cause)}) and its part could not be cut off (${String(e)})`, { cause: e });
    }
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

  /**
   * Starts a new segment: the entries so far move to `sealedPath` (one rename, so every entry is in
   * exactly one of the two files at any instant) and appends go on into an empty file at the path.
   */
  rotate(sealedPath: string): void {
    closeSync(this.fd);
    renameSync(this.path, sealedPath);
    this.fd = openSync(this.path, 'a');
    this.size = fstatSync(this.fd).size;
  }

  close(): void {
    fsyncSync(this.fd);
    closeSync(this.fd);
  }
}

/** Writes a file so that a crash leaves either the old or the new content, never half. */
export function writeFileAtomic(path: string, content: string): void {
  replaceAtomically(path, `${path}.tmp`, (fd) => {
    const bytes = Buffer.from(content);
    writeAll(fd, bytes, bytes.length);
  });
}

/** `write` fills `tmp`, which is fsynced and renamed onto `path`; on any failure `path` keeps what it had. */
function replaceAtomically(path: string, tmp: string, write: (fd: number) => void): void {
  const fd = openSync(tmp, 'w');
  try {
    write(fd);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw e;
  }
  closeSync(fd);
  renameSync(tmp, path);
}

/** The bytes of `buf` from `off` on, after a short write: write(2) until all are taken or one fails. */
function writeRest(fd: number, buf: Buffer, off: number): void {
  while (off < buf.length) {
    off += taken(writeSync(fd, buf, off, buf.length - off));
  }
}

/** Bytes a write(2) of a non-empty buffer took; none is the disk refusing it without an errno. */
function taken(n: number): number {
  if (n === 0) throw Object.assign(new Error('ENOSPC: the disk took none of the write'), { code: 'ENOSPC' });
  return n;
}

/** write(2) until all of it is written (a regular file takes it in one go; this is for the odd short write). */
function writeAll(fd: number, buf: Buffer, length: number): void {
  writeRest(fd, length === buf.length ? buf : buf.subarray(0, length), 0);
}

/**
 * writeFileAtomic for a text in pieces, encoded through one reused buffer of `bufferBytes`: no
 * string of the whole and no buffer per piece, so writing a 15 MB snapshot makes almost no garbage
 * (on a 2-core machine the garbage collection of a big write competes with the request thread: V8's
 * GC helper threads are shared by every thread of the process and are not niced with it). Blocking:
 * for a thread of its own (the snapshot worker), never the request thread.
 */
export function writeChunksAtomicSync(path: string, chunks: readonly string[], tmp = `${path}.tmp`, bufferBytes = 1 << 20): void {
  const buf = Buffer.allocUnsafe(bufferBytes);
  replaceAtomically(path, tmp, (fd) => {
    let used = 0;
    for (const chunk of chunks) {
      // A UTF-16 code unit is at most 3 bytes of UTF-8 (a surrogate pair, two units, is 4): this
      // bound means the piece fits whole, as Buffer.write never writes part of a character.
      if (chunk.length * 3 > bufferBytes - used) {
        writeAll(fd, buf, used);
        used = 0;
        if (chunk.length * 3 > bufferBytes) {
          // Its bytes, not the string: a short write (disk full) must be seen, or the file is short.
          const bytes = Buffer.from(chunk);
          writeAll(fd, bytes, bytes.length);
          continue;
        }
      }
      used += buf.write(chunk, used);
    }
    writeAll(fd, buf, used);
  });
}

const isHighSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;

/** writeAll for the threadpool: FileHandle.write takes what the kernel took, which may be part of it. */
async function writeAllAsync(fh: FileHandle, text: string): Promise<void> {
  const bytes = Buffer.from(text);
  let off = 0;
  while (off < bytes.length) off += taken((await fh.write(bytes, off, bytes.length - off)).bytesWritten);
}

/**
 * writeFileAtomic off the event loop: the chunks are written in slices of about `sliceChars` (many
 * small chunks joined, a large one cut), so no one step converts megabytes on the main thread, and
 * fsync'd and renamed into place by the libuv threadpool. `tmp` is the file written before the
 * rename; two writers of one path (the snapshot worker and the ledger's own fallback) use their own.
 */
export async function writeFileAtomicAsync(path: string, chunks: string[], sliceChars = 1 << 20, tmp = `${path}.tmp`): Promise<void> {
  const fh = await open(tmp, 'w');
  try {
    let group: string[] = [];
    let groupChars = 0;
    const flush = async () => {
      if (group.length === 0) return;
      const text = group.join('');
      group = [];
      groupChars = 0;
      await writeAllAsync(fh, text);
    };
    for (const chunk of chunks) {
      if (chunk.length < sliceChars) {
        group.push(chunk);
        groupChars += chunk.length;
        if (groupChars >= sliceChars) await flush();
        continue;
      }
      await flush();
      for (let i = 0; i < chunk.length; ) {
        let end = Math.min(i + sliceChars, chunk.length);
        // A slice ending between the two halves of a surrogate pair would write each half as U+FFFD.
        if (end < chunk.length && end - 1 > i && isHighSurrogate(chunk.charCodeAt(end - 1))) end--;
        await writeAllAsync(fh, chunk.slice(i, end));
        i = end;
      }
    }
    await flush();
    await fh.sync();
  } catch (e) {
    await fh.close().catch(() => undefined);
    await rm(tmp, { force: true });
    throw e;
  }
  await fh.close();
  await rename(tmp, path);
}
