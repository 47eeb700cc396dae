/**
 * /admin/enrol?token=…: the one-time link an operator printed for a new owner of the label. It shows the address
 * the link is for, asks its owner to choose a password, then goes on to the set-up of their authenticator app,
 * as an admin's first sign-in does, and into the admin panel. A link that does not work says so and what to do.
 */
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_PASSWORD_MAX_LENGTH, ADMIN_PASSWORD_MIN_LENGTH } from '#contract/accounts.js';
import { brand } from '../../../lib/brand';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatDateTime } from '../../../lib/format';
import { isNetworkError, serverMessageOf } from '../../../lib/http';
import { Button, buttonClass } from '../../../ui/button';
import { FormAlert, TextField } from '../../../ui/text-field';
import { useAdminEnrolment, useCompleteAdminEnrolment } from '../api/admin-enrolment';
import type { Notice } from '../sign-in-messages';
import { AuthCard } from './auth-card';
import { LinkCheckState } from './link-check';

const AdminSecondFactor = lazy(() => import('./admin-second-factor').then((module) => ({ default: module.AdminSecondFactor })));

const LINK_REFUSED = 'This enrolment link has expired or was already used. Ask for a new one.';
const ADMIN_PANEL = '/admin';

/** Why a password is refused before it is sent: the same rules the server holds. */
function passwordProblem(password: string, confirmation: string): string | null {
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) return `Your password must have at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > ADMIN_PASSWORD_MAX_LENGTH) return `Your password must have at most ${ADMIN_PASSWORD_MAX_LENGTH} characters.`;
  if (password !== confirmation) return 'The two passwords are not the same.';
  return null;
}

export function AdminEnrolPage() {
  useDocumentTitle('Set up your admin account');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const enrolment = useAdminEnrolment(token);
  const [secondStep, setSecondStep] = useState<{ challenge: string; enrol: boolean } | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [stepOver, setStepOver] = useState<Notice | null>(null);

  if (!token || refused || enrolment.isError) {
    const reason = !token
      ? 'This enrolment link is missing its token. Open the whole link you were given.'
      : (refused ??
        (isNetworkError(enrolment.error)
          ? 'Network error: please check your connection and reload the page.'
          : (serverMessageOf(enrolment.error) ?? LINK_REFUSED)));
    return (
      <AuthCard testId="admin-enrol-page">
        <LinkCheckState state="error" title="Enrolment link not valid">
          <p className="mt-2 text-sm text-zinc-300">{reason}</p>
        </LinkCheckState>
        <Link to="/" className={buttonClass('secondary', 'mt-6')}>
          Go to Home
        </Link>
      </AuthCard>
    );
  }

  if (!enrolment.data) {
    return (
      <AuthCard testId="admin-enrol-page">
        <LinkCheckState state="loading" title="Checking your enrolment link...">
          <p className="mt-2 text-sm text-zinc-300">One moment.</p>
        </LinkCheckState>
      </AuthCard>
    );
  }

  const { email, expiresAt } = enrolment.data;

  if (stepOver) {
    // The link is used by now: the password the owner chose signs them in, and the set-up goes on from there.
    return (
      <AuthCard testId="admin-enrol-page">
        <LinkCheckState state="error" title={stepOver.title}>
          <p className="mt-2 text-sm text-zinc-300">
            {stepOver.description ? `${stepOver.description} ` : ''}Your account is ready: sign in with {email} and the password you chose
            to finish setting up your authenticator app.
          </p>
        </LinkCheckState>
        <Link to={`/auth?redirect=${encodeURIComponent(ADMIN_PANEL)}`} className={buttonClass('primary', 'mt-6')}>
          Sign in
        </Link>
      </AuthCard>
    );
  }

  if (secondStep) {
    return (
      <AuthCard testId="admin-enrol-page">
        <Suspense fallback={<div className="h-48 animate-pulse rounded-lg bg-white/5" aria-busy="true" />}>
          <AdminSecondFactor
            surface="page"
            email={email}
            challenge={secondStep.challenge}
            enrol={secondStep.enrol}
            then={ADMIN_PANEL}
            onSignedIn={() => undefined}
            onRestart={(notice) => setStepOver(notice ?? { title: 'Set-up not finished' })}
          />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard testId="admin-enrol-page">
      <PasswordStep
        token={token}
        email={email}
        expiresAt={expiresAt}
        onRefused={setRefused}
        onSecondStep={(challenge, enrol) => setSecondStep({ challenge, enrol })}
      />
    </AuthCard>
  );
}

function PasswordStep({
  token,
  email,
  expiresAt,
  onRefused,
  onSecondStep,
}: {
  token: string;
  email: string;
  expiresAt: string;
  onRefused: (reason: string) => void;
  onSecondStep: (challenge: string, enrol: boolean) => void;
}) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [failure, setFailure] = useState<Notice | null>(null);
  const complete = useCompleteAdminEnrolment();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordProblem(password, confirmation);
    if (problem) {
      setFailure({ title: 'Choose another password', description: problem });
      return;
    }
    setFailure(null);
    complete.mutate(
      { token, password },
      {
        onSuccess: (answer) => onSecondStep(answer.challenge, answer.requiresTotpEnrolment),
        onError: (error) => {
          const message = serverMessageOf(error);
          if (message === LINK_REFUSED) onRefused(message);
          else if (isNetworkError(error))
            setFailure({ title: 'Network error', description: 'Please check your connection and try again.' });
          else setFailure({ title: 'Your account could not be set up', description: message ?? 'Please try again.' });
        },
      },
    );
  };

  return (
    <div data-step="admin-enrol-password">
      <h1 className="text-2xl font-extrabold text-zinc-50">Set up your admin account</h1>
      <p className="mt-2 text-sm text-zinc-300">
        This link makes <strong className="break-all text-zinc-50">{email}</strong> an owner of {brand.product}. It works once, until{' '}
        {formatDateTime(expiresAt)}.
      </p>
      <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
        {/* The address for the password manager to file the new password under; it cannot be changed here. */}
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label="Choose a password"
          type="password"
          name="new-password"
          autoComplete="new-password"
          focusOnMount
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          disabled={complete.isPending}
          hint={`At least ${ADMIN_PASSWORD_MIN_LENGTH} characters (at most ${ADMIN_PASSWORD_MAX_LENGTH}). A long passphrase from your password manager is best.`}
        />
        <TextField
          label="Type it again"
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          disabled={complete.isPending}
        />
        {failure && <FormAlert {...failure} />}
        <Button type="submit" className="w-full" disabled={complete.isPending}>
          {complete.isPending ? 'Setting up...' : 'Continue'}
        </Button>
      </form>
      <p className="mt-4 text-xs text-zinc-400">Next you set up an authenticator app: every admin sign-in asks for its code.</p>
    </div>
  );
}
