import { chromium } from 'playwright';
import { CHROMIUM_ARGS } from './playwright.config';
const [mode = 'plain', nStr = '2'] = process.argv.slice(2);
const n = Number(nStr);
const styles: Record<string, string> = { plain: '', op0: ';opacity:0', wc: ';will-change:transform', vis: ';visibility:hidden', cvh: ';content-visibility:hidden' };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
const canv = Array.from({ length: n }, () => `<canvas width=400 height=200 style="width:400px;height:200px${styles[mode]}"></canvas>`).join('');
await page.setContent(`<html><body style="background:#111;color:#eee"><div id=t>0</div>${canv}</body></html>`);
await page.evaluate(`(() => {
  for (const c of document.querySelectorAll('canvas')) { const ctx = c.getContext('2d'); ctx.fillStyle = '#345'; ctx.fillRect(0, 0, 400, 200); }
  let i = 0; const t = document.getElementById('t');
  const loop = () => { t.textContent = String(i++); requestAnimationFrame(loop); }; requestAnimationFrame(loop);
})()`);
await page.waitForTimeout(300);
const cdp = await page.context().newCDPSession(page);
const events: any[] = [];
cdp.on('Tracing.dataCollected', (e: any) => events.push(...e.value));
const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink,cc,viz,toplevel', transferMode: 'ReportEvents' });
await page.waitForTimeout(2000);
await cdp.send('Tracing.end'); await done;
const xs = (name: string) => events.filter((e) => e.name === name && e.ph === 'X');
const frames = xs('ProxyMain::BeginMainFrame').length;
const avg = (name: string) => (xs(name).reduce((a, e) => a + e.dur, 0) / frames / 1000).toFixed(3);
console.log(mode, n, 'frames', frames, 'PCR/frame', (xs('Canvas2DResourceProvider::ProduceCanvasResource').length / frames).toFixed(1), 'BMF', avg('ProxyMain::BeginMainFrame'), 'commit', avg('Commit'), 'updLayers', avg('LayerTreeHost::DoUpdateLayers'));
await browser.close();
