import { z } from 'zod';

// zod probes `new Function` (as its schemas are built) to pick a compiled fast path; under the
// app's CSP (no eval) that probe is refused and reported as a violation. Interpreted validation is
// plenty for the app's response sizes. Imported first by main.tsx, before any schema is built.
z.config({ jitless: true });
