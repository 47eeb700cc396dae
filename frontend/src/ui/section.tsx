/** A part of a page named by its heading (`aria-labelledby`), so screen readers list it by that name among the page's regions. */
import { useId, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cx } from '../lib/class-names';

const titleSizes = { lg: 'text-lg', xl: 'text-xl', '2xl': 'text-2xl' } as const;

interface SectionProps {
  title: ReactNode;
  /** The heading's size: 2xl for a page's main parts, xl for shelves, lg inside a card. */
  size: keyof typeof titleSizes;
  /** An accent icon before the title. */
  icon?: LucideIcon;
  className?: string;
  testId?: string;
  children: ReactNode;
}

export function Section({ title, size, icon: Icon, className, testId, children }: SectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className} data-testid={testId}>
      <h2 id={headingId} className={cx('font-bold text-zinc-50', titleSizes[size], Icon && 'flex items-center gap-2')}>
        {Icon && <Icon aria-hidden="true" className="size-6 text-accent" />}
        {title}
      </h2>
      {children}
    </section>
  );
}
