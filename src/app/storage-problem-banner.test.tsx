// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { mountEachTest } from '../testing/mount-each-test';
import { useSessionStore } from '../wallet/session-store';
import { StorageProblemBanner } from './storage-problem-banner';

const view = mountEachTest();
afterEach(() => useSessionStore.setState({ storageProblem: null }));

describe('the storage problem line', () => {
  it('says nothing while storage does its job, and the reason as an alert once the session could not be kept', () => {
    view.render(<StorageProblemBanner />);
    expect(view.container.querySelector('[role=alert]')).toBeNull();
    act(() => useSessionStore.setState({ storageProblem: { code: 'keep', reason: 'quota exceeded' } }));
    expect(view.container.querySelector('[role=alert]')?.textContent).toBe(
      'This browser could not keep your session (quota exceeded): after a reload you will need to sign in again.',
    );
  });
});
