import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';

/** The V8 CPU profile format (CDP `Profiler.Profile`, and node --cpu-prof's .cpuprofile). */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileRow {
  name: string;
  selfMs: number;
  pct: number;
}

export interface ProfileSummary {
  totalMs: number;
  /** Self time by package (node_modules/<pkg>) or source file, GC, idle, program. */
  byModule: ProfileRow[];
  /** Self time by function (original location when a source map resolves it). */
  byFunction: ProfileRow[];
}

/** Where a frame comes from, for grouping: `zod`, `react-dom`, `src/features/order-book/book-levels.ts`, `node:internal/…`. */
function moduleOf(source: string): string {
  const s = source.replace(/^file:\/\//, '').replace(/\\/g, '/');
  const nm = s.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = s.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  for (const root of ['src/', 'devnet/', 'bench/']) {
    const at = s.indexOf(`/${root}`);
    if (at >= 0) return s.slice(at + 1);
    if (s.startsWith(root) || s.startsWith(`../../${root}`)) return s.slice(s.indexOf(root));
  }
  return s || '(native)';
}

/**
 * Self time per module and per function. `mapDir` resolves bundled frames (`…/assets/x.js`) through
 * `mapDir/assets/x.js.map` back to the original file and line.
 */
export function summarizeProfile(profile: CpuProfile, opts: { mapDir?: string; top?: number } = {}): ProfileSummary {
  // In-process profiles (node:inspector) include the inspector's own work under `post`: not ours.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const inspector = new Map<number, boolean>();
  const underInspector = (id: number): boolean => {
    const known = inspector.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    const p = parent.get(id);
    const v = node?.callFrame.url === 'node:inspector' || (p !== undefined && underInspector(p));
    inspector.set(id, v);
    return v;
  };
  const selfUs = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    if (underInspector(id)) continue;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const maps = new Map<string, SourceMap | null>();
  const mapFor = (url: string): SourceMap | null => {
    if (!opts.mapDir || !url.startsWith('http')) return null;
    const path = new URL(url).pathname;
    if (!maps.has(path)) {
      const file = `${opts.mapDir}${path}.map`;
      maps.set(path, existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]) : null);
    }
    return maps.get(path)!;
  };
  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    if (us === 0) continue;
    total += us;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    let mod: string;
    let fn: string;
    if (!url) {
      mod = functionName.startsWith('(') ? functionName : '(native)';
      fn = functionName || '(anonymous native)';
    } else {
      const entry = mapFor(url)?.findEntry(lineNumber, columnNumber) as { originalSource?: string; originalLine?: number; name?: string } | undefined;
      if (entry?.originalSource) {
        mod = moduleOf(entry.originalSource);
        fn = `${entry.name ?? (functionName || '(anonymous)')} ${mod}:${(entry.originalLine ?? 0) + 1}`;
      } else {
        mod = moduleOf(url);
        fn = `${functionName || '(anonymous)'} ${mod}:${lineNumber + 1}`;
      }
    }
    byModule.set(mod, (byModule.get(mod) ?? 0) + us);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  }
  const rows = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, opts.top ?? 15)
      .map(([name, us]) => ({ name, selfMs: us / 1000, pct: (100 * us) / (total || 1) }));
  return { totalMs: total / 1000, byModule: rows(byModule), byFunction: rows(byFunction) };
}

/** The busy part only: drops (idle) and (program) so percentages are of work done. */
export function withoutIdle(s: ProfileSummary): ProfileSummary {
  const idle = s.byModule.filter((r) => r.name === '(idle)' || r.name === '(program)').reduce((a, r) => a + r.selfMs, 0);
  const busy = s.totalMs - idle;
  const re = (rows: ProfileRow[]) =>
    rows.filter((r) => !/^\((idle|program)\)/.test(r.name)).map((r) => ({ ...r, pct: (100 * r.selfMs) / (busy || 1) }));
  return { totalMs: busy, byModule: re(s.byModule), byFunction: re(s.byFunction) };
}
