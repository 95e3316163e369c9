import { describe, expect, it } from 'vitest';
import { chooseOrderPath } from './order-path';

describe('which way an order goes', () => {
  const up = { isLoggedIn: true, status: 'open' as const };
  it('over the stream when it is open, logged in and answering', () => {
    expect(chooseOrderPath({ ...up, health: 'live' }, 'stream')).toBe('stream');
  });

  it('over HTTP when the stream left a request unanswered past the bound (stale), is closed or not logged in', () => {
    expect(chooseOrderPath({ ...up, health: 'stale' }, 'stream')).toBe('http');
    expect(chooseOrderPath({ ...up, status: 'reconnecting' }, 'stream')).toBe('http');
    expect(chooseOrderPath({ ...up, isLoggedIn: false }, 'stream')).toBe('http');
    expect(chooseOrderPath({ ...up, health: 'live' }, 'http')).toBe('http');
  });
});
