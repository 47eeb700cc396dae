/**
 * The centred card of the membership result pages (success, pending, activation, welcome): an icon for the
 * state, a heading, what it means, and the ways on. `data-state` names the state for tests and styling.
 */
import { AlertTriangle, CheckCircle2, Crown, LoaderCircle, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../../../lib/class-names';

export type ResultTone = 'working' | 'done' | 'missing' | 'failed' | 'welcome';

const icons = { working: LoaderCircle, done: CheckCircle2, missing: SearchX, failed: AlertTriangle, welcome: Crown } as const;
const iconClass: Record<ResultTone, string> = {
  working: 'animate-spin text-accent',
  done: 'text-emerald-300',
  missing: 'text-zinc-300',
  failed: 'text-red-300',
  welcome: 'text-accent',
};

interface ResultCardProps {
  testId: string;
  state: string;
  tone: ResultTone;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}

export function ResultCard({ testId, state, tone, title, children, actions }: ResultCardProps) {
  const Icon = icons[tone];
  // Waiting is announced politely; a failure at once.
  const role = tone === 'failed' ? 'alert' : 'status';
  return (
    <div className="mx-auto max-w-lg rounded-2xl border border-white/10 bg-zinc-900 p-6 shadow-xl md:mt-8 md:p-8" data-testid={testId} data-state={state}>
      <div role={role}>
        <Icon aria-hidden="true" className={cx('size-10', iconClass[tone])} />
        <h1 className="mt-4 text-2xl font-extrabold text-zinc-50">{title}</h1>
        {children && <div className="mt-2 space-y-2 text-sm text-zinc-300">{children}</div>}
      </div>
      {actions && <div className="mt-6 flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
