import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** How long a page that loads lazily may take to draw its arrival target, ms. */
const WAIT_MS = 3_000;
const STEP_MS = 16;

/**
 * After an in-app navigation the control that had the focus left with the old page, and the browser
 * puts the focus on <body>: the next Tab starts from the top and a screen reader says nothing of the
 * new page. The new page's arrival target (`data-arrival-focus`: the Wallets heading, the trade page's
 * market picker) takes it instead, once drawn — a lazy page's comes later. The first page of a visit
 * (location key 'default') starts at the top as browsers do, and a focus something else placed stays.
 */
export function useArrivalFocus(): void {
  const { key } = useLocation();
  useEffect(() => {
    if (key === 'default') return;
    const until = Date.now() + WAIT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      const now = document.activeElement;
      if (now !== null && now !== document.body) return;
      const target = document.querySelector<HTMLElement>('[data-arrival-focus]');
      if (target) target.focus({ preventScroll: true });
      else if (Date.now() < until) timer = setTimeout(attempt, STEP_MS);
    };
    attempt();
    return () => clearTimeout(timer);
  }, [key]);
}
