import { describe, expect, it } from 'vitest';
import { closeCancelToast } from './check-close-cancel';

describe('the toast after an unanswered blocker-cancel was read back', () => {
  it('says the protection is canceled and the position open without it when every blocker was canceled', () => {
    const t = closeCancelToast('BTC-USD', [
      { label: 'TP 0.300 @ 99,000.0', state: 'canceled' },
      { label: 'SL 0.300 @ 90,000.0', state: 'canceled' },
    ]);
    expect(t.title).toBe('Protection canceled, close not sent: BTC-USD');
    expect(t.body).toContain('The position is open without them: press Close again');
  });

  it('does not call a blocker that filled "canceled", nor say the position is as it was', () => {
    const t = closeCancelToast('BTC-USD', [
      { label: 'TP 0.300 @ 99,000.0', state: 'filled' },
      { label: 'SL 0.300 @ 90,000.0', state: 'canceled' },
    ]);
    expect(t.title).toBe('Protection no longer open, close not sent: BTC-USD');
    expect(t.body).toContain('Filled before the cancel: TP 0.300 @ 99,000.0.');
    expect(t.body).toContain('The fill changed the position: check Positions, then press Close again to close what is left at market.');
    expect(t.body).not.toContain('open without them');
  });
});
