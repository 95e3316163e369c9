/**
 * The name an element's content gives it, as a screen reader reads it: its text outside aria-hidden
 * elements (enough for the names this app builds from content; aria-label wins where it is set).
 */
export function contentName(el: Element | null | undefined): string | null {
  if (!el) return null;
  const label = el.getAttribute('aria-label');
  if (label !== null) return label;
  let text = '';
  for (const n of el.childNodes) {
    if (n.nodeType === Node.TEXT_NODE) text += (n as Text).data;
    else if (n instanceof Element && n.getAttribute('aria-hidden') !== 'true') text += contentName(n) ?? '';
  }
  return text;
}
