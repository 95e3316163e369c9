import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface MountedView {
  /** Renders into this test's root inside act(), so effects have run when it returns. */
  render: (ui: ReactNode) => void;
  /** This test's container, attached to document.body. */
  readonly container: HTMLDivElement;
}

/** A fresh React root in jsdom for every test of the file: mounted before each, unmounted after. */
export function mountEachTest(): MountedView {
  let root: Root | null = null;
  let container: HTMLDivElement | null = null;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
  });
  afterEach(() => {
    const r = root;
    if (r) act(() => r.unmount());
    container?.remove();
    root = null;
    container = null;
  });
  return {
    render: (ui) => act(() => root!.render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>)),
    get container() {
      return container!;
    },
  };
}
