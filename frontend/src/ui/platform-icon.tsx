/**
 * Line icons for the places music and artists live elsewhere (social networks, streaming platforms), drawn
 * here in the lucide style because the icon set carries no brand marks.
 */
import type { ComponentProps, ReactNode } from 'react';

export type Platform =
  | 'instagram'
  | 'tiktok'
  | 'youtube'
  | 'facebook'
  | 'twitter'
  | 'spotify'
  | 'appleMusic'
  | 'discord'
  | 'website'
  | 'amazonMusic'
  | 'deezer'
  | 'listen';

const note = (
  <>
    <path d="M9 18V5l12-2v13" />
    <circle cx="6" cy="18" r="3" />
    <circle cx="18" cy="16" r="3" />
  </>
);

const shapes: Record<Platform, ReactNode> = {
  instagram: (
    <>
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </>
  ),
  tiktok: <path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.5 2.6 2.4 4.5 5 5" />,
  youtube: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="m10 9 5 3-5 3z" />
    </>
  ),
  facebook: <path d="M15 3h-2a4 4 0 0 0-4 4v14M6 11h8" />,
  twitter: <path d="M4 4l16 16M20 4 4 20" />,
  spotify: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M7 9.5c3.5-1 7-.7 10 1M7.5 12.8c3-.8 5.7-.5 8 .8M8 15.8c2.3-.5 4.3-.3 6 .6" />
    </>
  ),
  appleMusic: note,
  discord: (
    <>
      <path d="M8 7c-2 .5-3.5 1.4-4 2.5-1 2.5-1 5.5-.5 7.5 1.5 1 3 1.5 4.5 2l1-2M16 7c2 .5 3.5 1.4 4 2.5 1 2.5 1 5.5.5 7.5-1.5 1-3 1.5-4.5 2l-1-2M8 7.5a14 14 0 0 1 8 0M8.5 16.5a10 10 0 0 0 7 0" />
      <path d="M9.5 12.5h.01M14.5 12.5h.01" />
    </>
  ),
  website: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2a15 15 0 0 1 0 20 15 15 0 0 1 0-20" />
    </>
  ),
  amazonMusic: (
    <>
      {note}
      <path d="M3 21c4 1.5 9 1.5 13-.5" />
    </>
  ),
  deezer: <path d="M3 19h4M10 19h4M17 19h4M10 15h4M17 15h4M17 11h4M17 7h4" />,
  listen: (
    <>
      <path d="M3 14v-2a9 9 0 0 1 18 0v2" />
      <rect x="3" y="14" width="4" height="7" rx="1.5" />
      <rect x="17" y="14" width="4" height="7" rx="1.5" />
    </>
  ),
};

export function PlatformIcon({ platform, className }: { platform: Platform; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {shapes[platform]}
    </svg>
  );
}

/** A link out to a page on another platform, its icon first; it opens in a new tab, so its text should say so. */
export function PlatformLink({
  link,
  iconClassName,
  children,
  ...props
}: ComponentProps<'a'> & { link: { platform: Platform; url: string }; iconClassName: string }) {
  return (
    <a href={link.url} target="_blank" rel="noreferrer" {...props}>
      <PlatformIcon platform={link.platform} className={iconClassName} />
      {children}
    </a>
  );
}
