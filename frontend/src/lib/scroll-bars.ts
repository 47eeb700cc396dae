/**
 * Scroll bars that show while something scrolls and hide once it has been still for 600 ms, out of the content's way:
 * the element that scrolls (the page's root for the window) carries data-scrolling meanwhile; styles.css draws them.
 */
export const SCROLL_BARS_HIDE_MS = 600;

/** Starts marking scrolling elements in this document; returns the way to stop. */
export function showScrollBarsWhileScrolling(document: Document, hideAfterMs = SCROLL_BARS_HIDE_MS): () => void {
  const timers = new Map<Element, number>();
  const view = document.defaultView;
  if (!view) return () => undefined;

  const onScroll = (event: Event) => {
    const scrolled = event.target instanceof view.Element ? event.target : document.documentElement;
    scrolled.setAttribute('data-scrolling', '');
    view.clearTimeout(timers.get(scrolled));
    timers.set(
      scrolled,
      view.setTimeout(() => {
        scrolled.removeAttribute('data-scrolling');
        timers.delete(scrolled);
      }, hideAfterMs),
    );
  };

  // Scroll events do not bubble: capturing sees every scrolling element's, and the document's for the window.
  document.addEventListener('scroll', onScroll, { capture: true, passive: true });
  return () => {
    document.removeEventListener('scroll', onScroll, { capture: true });
    timers.forEach((timer, element) => {
      view.clearTimeout(timer);
      element.removeAttribute('data-scrolling');
    });
    timers.clear();
  };
}
