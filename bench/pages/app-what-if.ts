import { notifyManager } from '@tanstack/react-query';

// What-if 1 (see bench/vite.what-if.config.ts): cache notifications in a microtask, not a
// setTimeout(0) task, then the app itself, unchanged otherwise.
notifyManager.setScheduler((cb) => queueMicrotask(cb));
await import('../../src/app/main');
