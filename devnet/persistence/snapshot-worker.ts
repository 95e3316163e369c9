// The snapshot worker thread (started by SnapshotWorkerClient through snapshot-worker-boot.mjs): it
// owns a replica of the ledger, follows the journal lines the ledger sends, and on request writes
// snapshot.json from the replica, so the image is never made on the request thread.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { threadId, parentPort, workerData } from 'node:worker_threads';
import { dataFiles } from './data-dir';
import { writeChunksAtomicSync } from './journal';
import { ReplicaDiverged, SnapshotReplica } from './snapshot-replica';
import type { FromSnapshotWorker, SnapshotWorkerData, ToSnapshotWorker } from './snapshot-worker-protocol';

const port = parentPort!;
const { dataDir, config } = workerData as SnapshotWorkerData;
const post = (m: FromSnapshotWorker) => port.postMessage(m);
const files = dataFiles(dataDir);
// A temp file of this thread's own: a worker that died mid-write may still have a write in flight.
const tmp = `${files.snapshot}.w${threadId}.tmp`;

/**
 * This thread runs at a lower CPU priority than the request thread: on a machine with few cores
 * the seconds of a snapshot (serialising ~15 MB, its GC) would otherwise take the request thread's
 * core. Linux applies setpriority to the one thread whose id it is given; elsewhere (or if not
 * allowed) the worker just runs at normal priority.
 */
function lowerPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid !== process.pid) setPriority(tid, 10);
  } catch {
    // not Linux, or not permitted: normal priority
  }
}

lowerPriority();
const replica = SnapshotReplica.load(dataDir, config);
let diverged = false;

function handle(m: ToSnapshotWorker): void {
  if (m.t === 'lines') {
    for (const line of m.lines) replica.applyLine(line);
    return;
  }
  // The image is taken at exactly m.seq (every line before the request has been applied) and
  // written at once, on this thread: it is niced, the threadpool (where the request thread's
  // signature checks run) is not, and the pieces go through one reused buffer, leaving almost no
  // garbage for V8's shared GC helpers. Lines that arrive meanwhile wait in the port.
  const chunks = replica.image(m.seq, m.header);
  const chars = chunks.reduce((n, c) => n + c.length, 0);
  try {
    writeChunksAtomicSync(files.snapshot, chunks, tmp);
    post({ t: 'written', seq: m.seq, chars });
  } catch (e) {
    post({ t: 'failed', seq: m.seq, message: e instanceof Error ? e.message : String(e) });
  }
}

port.on('message', (m: ToSnapshotWorker) => {
  if (diverged) return;
  try {
    handle(m);
  } catch (e) {
    if (!(e instanceof ReplicaDiverged)) throw e;
    // Nothing more from this replica: the ledger takes its snapshots itself from now on.
    diverged = true;
    post({ t: 'diverged', message: e.message });
  }
});
post({ t: 'ready', seq: replica.seq });
