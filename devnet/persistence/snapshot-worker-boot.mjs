// Entry of the snapshot worker thread. The worker is TypeScript; this registers tsx's loader in the
// thread itself, so it starts the same under `tsx`, `node --import tsx` and vitest (whose own
// transform does not reach worker threads).
import { register } from 'tsx/esm/api';

register();
await import('./snapshot-worker.ts');
