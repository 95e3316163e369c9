import { z } from 'zod';
import { int } from './primitives';

/** Spec §2.16 Region (geo). */
export const region = z.object({ systemTime: int, region: z.string() });
export type Region = z.infer<typeof region>;
