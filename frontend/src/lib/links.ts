/**
 * Where a link from the server leads (a notification's action, a redirect after sign-in): paths inside the
 * app are followed by the router, other sites open in a new tab, and script or data URLs are never followed.
 */

export type LinkTarget = { kind: 'in-app'; path: string } | { kind: 'external'; href: string } | { kind: 'unsafe' };

const scheme = /^([a-z][a-z0-9+.-]*):/i;

/**
 * A URL starting with / or ./, or with no "://", is the app's own and opens in the router. A protocol-relative
 * "//host" is another site, and an absolute URL of this very origin stays in the app.
 */
export function classifyLink(url: string, origin: string): LinkTarget {
  const link = url.trim();
  if (!link) return { kind: 'unsafe' };
  const named = scheme.exec(link)?.[1].toLowerCase();
  if (named === 'http' || named === 'https' || link.startsWith('//')) {
    let target: URL;
    try {
      target = new URL(link, origin);
    } catch {
      return { kind: 'unsafe' };
    }
    return target.origin === origin ? { kind: 'in-app', path: pathOf(target) } : { kind: 'external', href: target.href };
  }
  if (named === 'mailto' || named === 'tel') return { kind: 'external', href: link };
  if (named) return { kind: 'unsafe' };
  // "./library", "library" and "/library" all name the app's /library.
  return { kind: 'in-app', path: pathOf(new URL(link.replace(/^\.\//, '/'), `${origin}/`)) };
}

/** The link's path when it stays in the app, else the fallback. */
export function inAppPathOr(url: string | null | undefined, origin: string, fallback: string): string {
  if (!url) return fallback;
  const target = classifyLink(url, origin);
  return target.kind === 'in-app' ? target.path : fallback;
}

const pathOf = (url: URL): string => `${url.pathname}${url.search}${url.hash}`;

/** Opens another site in a new tab without giving it a handle on this one. */
export function openExternal(href: string): void {
  window.open(href, '_blank', 'noopener,noreferrer');
}
