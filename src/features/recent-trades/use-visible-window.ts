import { useState, type RefObject, type UIEvent } from 'react';
import { useElementSize } from '../../ui/use-element-size';

export interface VisibleWindow {
  /** Index of the first row in view. */
  first: number;
  /** Rows to render from `first` (the ones in view and one more, partly shown while scrolling). */
  count: number;
  onScroll: (e: UIEvent<HTMLElement>) => void;
}

/**
 * Which rows of a fixed-height list are in view in the scrolling element: the list renders only
 * those (and a spacer for the rest), so a list of a hundred trades lays out like one of twenty.
 */
export function useVisibleWindow(scroller: RefObject<HTMLElement | null>, rowHeight: number, fallbackCount: number): VisibleWindow {
  const [first, setFirst] = useState(0);
  const { height } = useElementSize(scroller);
  const count = height > 0 ? Math.ceil(height / rowHeight) + 1 : fallbackCount;
  const onScroll = (e: UIEvent<HTMLElement>) => setFirst(Math.floor(e.currentTarget.scrollTop / rowHeight));
  return { first, count, onScroll };
}
