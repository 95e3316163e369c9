import type { NoticeKind } from '../lib/notices';

/** A pitch per event, so a liquidation warning never sounds like a fill. */
const TONE: Record<NoticeKind | 'test', { hz: number; times: number }> = {
  fills: { hz: 880, times: 1 },
  tpsl: { hz: 660, times: 2 },
  liquidation: { hz: 330, times: 3 },
  withdrawal: { hz: 990, times: 1 },
  alerts: { hz: 740, times: 2 },
  test: { hz: 880, times: 1 },
};

let audio: AudioContext | null = null;

/**
 * A short beep made with WebAudio (no sound file to load or allow in the CSP). The context is
 * created on first use; browsers keep it suspended until the page has had a click or key, so the
 * settings switch that turns sound on plays one right away.
 */
export function beep(kind: NoticeKind | 'test'): void {
  if (typeof AudioContext === 'undefined') return;
  audio ??= new AudioContext();
  if (audio.state === 'suspended') void audio.resume();
  const { hz, times } = TONE[kind];
  for (let i = 0; i < times; i++) {
    const at = audio.currentTime + i * 0.16;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.15, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + 0.12);
    osc.connect(gain).connect(audio.destination);
    osc.start(at);
    osc.stop(at + 0.12);
  }
}
