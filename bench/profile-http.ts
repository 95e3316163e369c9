// Where the devnet's time goes under HTTP new_order load: the load of figure 5b against a devnet
// started with `--inspect`, its V8 sampling profiler running for the load window only (startup and
// sign-ins excluded), summarised by module and by function.
//
// `npx tsx bench/profile-http.ts [rps] [seconds]`
import WebSocket from 'ws';
import { summarizeProfile, withoutIdle, type CpuProfile, type ProfileSummary } from './lib/cpuprofile';
import { httpNewOrderLoad, type HttpLoadResult } from './http-new-order';

export interface HttpProfile {
  load: HttpLoadResult;
  profile: ProfileSummary;
}

/** A minimal CDP client for a node --inspect target. */
async function inspector(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const ws = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let id = 0;
  const pending = new Map<number, (r: unknown) => void>();
  ws.on('message', (data) => {
    const msg = JSON.parse(data.toString()) as { id?: number; result?: unknown };
    if (msg.id !== undefined) pending.get(msg.id)?.(msg.result);
  });
  return {
    send: <T>(method: string, params: object = {}) =>
      new Promise<T>((resolve) => {
        pending.set(++id, resolve as (r: unknown) => void);
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
}

export async function profileHttpNewOrder(rps = 2_000, seconds = 6, basePort = 7520, inspectPort = 9331): Promise<HttpProfile> {
  let profile: CpuProfile | null = null;
  let cdp: Awaited<ReturnType<typeof inspector>> | null = null;
  const load = await httpNewOrderLoad(rps, seconds, 20, {
    basePort,
    nodeFlags: [`--inspect=127.0.0.1:${inspectPort}`],
    beforeLoad: async () => {
      cdp = await inspector(inspectPort);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
    },
    afterLoad: async () => {
      profile = (await cdp!.send<{ profile: CpuProfile }>('Profiler.stop')).profile;
      cdp!.close();
    },
  });
  if (!profile) throw new Error('no profile');
  return { load, profile: withoutIdle(summarizeProfile(profile, { top: 40 })) };
}

export function printProfile(p: ProfileSummary, rows = 20) {
  console.log(`  busy ${p.totalMs.toFixed(0)} ms — by module:`);
  for (const r of p.byModule.slice(0, 14)) console.log(`    ${r.pct.toFixed(1).padStart(5)}%  ${r.selfMs.toFixed(0).padStart(6)} ms  ${r.name}`);
  console.log('  by function:');
  for (const r of p.byFunction.slice(0, rows)) console.log(`    ${r.pct.toFixed(1).padStart(5)}%  ${r.selfMs.toFixed(0).padStart(6)} ms  ${r.name}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await profileHttpNewOrder(Number(process.argv[2] ?? 2000), Number(process.argv[3] ?? 6));
  console.log(JSON.stringify(r.load));
  printProfile(r.profile, 30);
}
