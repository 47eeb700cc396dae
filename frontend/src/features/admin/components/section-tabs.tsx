/**
 * The tab bar of an admin area's sections (the panel's, the sync manager's): links that mark the section open. On a
 * phone the bar scrolls sideways, and the open section's tab is brought into sight.
 */
import type { LucideIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { navLinkClass } from '../../../lib/class-names';

export interface Section {
  to: string;
  label: string;
  icon: LucideIcon;
}

const tabClass = navLinkClass(
  'inline-flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-semibold transition',
  'border-accent text-zinc-50',
  'border-transparent text-zinc-300 hover:text-zinc-50',
);

/** `home` is active on its own path alone, not under every section below it. */
export function SectionTabs({ label, sections, home }: { label: string; sections: readonly Section[]; home: string }) {
  const bar = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const nav = bar.current;
    const open = nav?.querySelector<HTMLElement>('[aria-current=page]');
    if (!nav || !open) return;
    // The bar's own scroll only: scrollIntoView would move the page as well.
    const start = open.offsetLeft - nav.offsetLeft;
    if (start < nav.scrollLeft || start + open.offsetWidth > nav.scrollLeft + nav.clientWidth)
      nav.scrollLeft = Math.max(0, start - (nav.clientWidth - open.offsetWidth) / 2);
  }, [pathname]);
  return (
    <nav ref={bar} aria-label={label} className="-mx-1 flex gap-1 overflow-x-auto border-b border-white/10 pb-px">
      {sections.map(({ to, label: text, icon: Icon }) => (
        <NavLink key={to} to={to} end={to === home} className={tabClass}>
          <Icon aria-hidden="true" className="size-4" />
          {text}
        </NavLink>
      ))}
    </nav>
  );
}
