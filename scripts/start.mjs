// The one command that starts everything: the devnet (services, streams, chain) and the app.
import { spawn } from 'node:child_process';

const children = [];
function run(name, cmd, args) {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const prefix = (line) => (line.startsWith(`[${name}]`) ? line : `[${name}] ${line}`);
  for (const stream of [child.stdout, child.stderr]) {
    let buf = '';
    stream.on('data', (d) => {
      buf += d.toString();
      const lines = buf.split('\n');
      buf = lines.pop() ?? '';
      for (const l of lines) if (l.trim()) console.log(prefix(l));
    });
  }
  child.on('exit', (code) => {
    console.log(prefix(`exited with ${code}`));
    shutdown(code ?? 1);
  });
  children.push(child);
  return child;
}

let stopping = false;
function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

const extra = process.argv.slice(2);
const devnet = run('devnet', process.execPath, ['--import', 'tsx', 'devnet/main.ts', ...extra]);
run('app', process.execPath, ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1', '--port', '5173', '--strictPort']);
// The URL goes out once the devnet says it is ready, so the first page load finds live data.
devnet.stdout.on('data', (d) => {
  if (!stopping && d.toString().includes('[devnet] ready')) {
    console.log('\n  Ready: open http://127.0.0.1:5173 — the app talks to the local devnet.\n');
  }
});
