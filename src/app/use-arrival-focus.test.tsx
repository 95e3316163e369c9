// @vitest-environment jsdom
import { act, useEffect, useRef, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mountEachTest } from '../testing/mount-each-test';
import { useArrivalFocus } from './use-arrival-focus';

/** A page: a heading that is its arrival target, and a button that navigates (or focuses itself on arrival). */
function Page({ title, to, focusesItself = false }: { title: string; to: string; focusesItself?: boolean }) {
  const navigate = useNavigate();
  const own = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusesItself) own.current?.focus();
  }, [focusesItself]);
  return (
    <section>
      <h1 tabIndex={-1} data-arrival-focus>
        {title}
      </h1>
      <button ref={own} type="button" onClick={() => navigate(to)}>
        Go to {to}
      </button>
    </section>
  );
}

/** Where the app calls it: above the routes, so a page's own effects have run first. */
function Arrivals({ children }: { children: ReactNode }) {
  useArrivalFocus();
  return children;
}

const view = mountEachTest();

function mount(bFocusesItself = false) {
  view.render(
    <MemoryRouter initialEntries={['/a']}>
      <Arrivals>
        <Routes>
          <Route path="/a" element={<Page key="a" title="A" to="/b" />} />
          <Route path="/b" element={<Page key="b" title="B" to="/a" focusesItself={bFocusesItself} />} />
        </Routes>
      </Arrivals>
    </MemoryRouter>,
  );
}

const button = () => view.container.querySelector('button')!;

describe('arriving on a page through the app', () => {
  it('leaves the first page of a visit alone', () => {
    (document.activeElement as HTMLElement | null)?.blur();
    mount();
    expect(document.activeElement).toBe(document.body);
  });

  it('puts the focus on the new page’s arrival target, not <body>, when the old focused control left with its page', () => {
    mount();
    button().focus();
    act(() => button().click());
    expect(document.activeElement?.textContent).toBe('B');
  });

  it('keeps a focus the new page placed itself', () => {
    mount(true);
    button().focus();
    act(() => button().click());
    expect(document.activeElement?.textContent).toBe('Go to /a');
  });
});
