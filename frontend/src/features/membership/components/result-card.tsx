/**
 * The centred card of the membership result pages (success, pending, activation, welcome): an icon for the
 * state, a heading, what it means, and the ways on. `data-state` names the state for tests and styling.
 * The outcomes those pages share (sign in first, welcome, not found, the check failed) are drawn once here.
 */
import { AlertTriangle, CheckCircle2, Crown, LoaderCircle, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { brand } from '../../../lib/brand';
import { cx } from '../../../lib/class-names';
import { Button, buttonClass } from '../../../ui/button';
import { checkFailure, subscriptionNotFound } from '../membership-messages';

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
  /** End the ways on with 'Go to Home'. */
  home?: boolean;
}

export function ResultCard({ testId, state, tone, title, children, actions, home = false }: ResultCardProps) {
  const Icon = icons[tone];
  // Waiting is announced politely; a failure at once.
  const role = tone === 'failed' ? 'alert' : 'status';
  return (
    <div
      className="mx-auto max-w-lg rounded-2xl border border-white/10 bg-zinc-900 p-6 shadow-xl md:mt-8 md:p-8"
      data-testid={testId}
      data-state={state}
    >
      <div role={role}>
        <Icon aria-hidden="true" className={cx('size-10', iconClass[tone])} />
        <h1 className="mt-4 text-2xl font-extrabold text-zinc-50">{title}</h1>
        {children && <div className="mt-2 space-y-2 text-sm text-zinc-300">{children}</div>}
      </div>
      {(actions || home) && (
        <div className="mt-6 flex flex-wrap gap-2">
          {actions}
          {home && (
            <Link to="/" className={buttonClass('secondary')}>
              Go to Home
            </Link>
          )}
        </div>
      )}
    </div>
  );
}

type SubscriptionResultProps = { testId: string } & (
  | { state: 'sign-in'; signIn: ReactNode; children: ReactNode }
  | { state: 'subscribed'; children: ReactNode }
  | { state: 'not-found'; retry: ReactNode }
  | { state: 'error'; error: unknown; onRetry: () => void }
);

/** An outcome the subscription result pages share, in the same words on each: only what differs comes in. */
export function SubscriptionResult(props: SubscriptionResultProps) {
  const { testId } = props;
  switch (props.state) {
    case 'sign-in':
      return (
        <ResultCard testId={testId} state={props.state} tone="missing" title="Login Required" actions={props.signIn} home>
          {props.children}
        </ResultCard>
      );
    case 'subscribed':
      return (
        <ResultCard
          testId={testId}
          state={props.state}
          tone="done"
          title={`Welcome to ${brand.productPlus}!`}
          actions={
            <Link to="/exclusive" className={buttonClass()}>
              Explore Exclusive Content
            </Link>
          }
          home
        >
          {props.children}
        </ResultCard>
      );
    case 'not-found':
      return (
        <ResultCard testId={testId} state={props.state} tone="missing" title={subscriptionNotFound.title} actions={props.retry} home>
          <p>{subscriptionNotFound.description}</p>
        </ResultCard>
      );
    case 'error': {
      const failure = checkFailure(props.error);
      return (
        <ResultCard
          testId={testId}
          state={props.state}
          tone="failed"
          title={failure.title}
          actions={<Button onClick={props.onRetry}>Try again</Button>}
          home
        >
          <p>{failure.description}</p>
        </ResultCard>
      );
    }
    default: {
      const unknown: never = props;
      return unknown;
    }
  }
}
