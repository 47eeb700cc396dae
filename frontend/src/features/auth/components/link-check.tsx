/** What a page that checks a link from a mail shows: the check under way, its success, or why the link failed. */
import { CheckCircle2, LoaderCircle, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../ui/button';

const icons = {
  error: <XCircle aria-hidden="true" className="size-10 text-red-300" />,
  loading: <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-accent" />,
  success: <CheckCircle2 aria-hidden="true" className="size-10 text-emerald-300" />,
};

/** The state's icon and title, and its lines of text; a failure is an alert, the rest a status. */
export function LinkCheckState({
  state,
  title,
  className,
  children,
}: {
  state: keyof typeof icons;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div data-state={state} role={state === 'error' ? 'alert' : 'status'} className={className}>
      {icons[state]}
      <h1 className="mt-4 text-2xl font-extrabold text-zinc-50">{title}</h1>
      {children}
    </div>
  );
}

/** After a failed link: ask for a new one (`retry` names how), or go home. */
export function LinkCheckFailedActions({ retry }: { retry: string }) {
  return (
    <div className="mt-6 flex flex-wrap gap-2">
      <Link to="/free-signup" className={buttonClass()}>
        {retry}
      </Link>
      <Link to="/" className={buttonClass('secondary')}>
        Go to Home
      </Link>
    </div>
  );
}

export function GoHomeNow() {
  return (
    <Link to="/" className={buttonClass('secondary', 'mt-6')}>
      Go to Home now
    </Link>
  );
}
