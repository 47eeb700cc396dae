/**
 * Passwordless sign-in and sign-up, shown in the modal and on the /auth page: the e-mail step (with the
 * Toko+ box when signing up), the "Check your email" code step, and the password an admin account needs, then
 * its second factor (admin-second-factor.tsx, loaded only then).
 * Failures show beside the form as alerts (read out at once by screen readers), not as toasts, which would
 * cover the form's own buttons on a phone; successes are toasts, since the form is gone by then.
 */
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, Crown } from 'lucide-react';
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { brand } from '../../../lib/brand';
import { formatMoney } from '../../../lib/format';
import type { SessionUser } from '../../../lib/session';
import { Button, TextButton } from '../../../ui/button';
import { CheckboxCard } from '../../../ui/checkbox-card';
import { EmailField, FormAlert, TextField } from '../../../ui/text-field';
import { useAdminLogin } from '../api/admin-login';
import { sendSignUpLink } from '../api/send-sign-up-link';
import { readSmartSignIn, smartSignIn, type SmartSignInOutcome } from '../api/smart-sign-in';
import { completeInstantSignIn, useCompleteSignIn } from '../complete-sign-in';
import {
  adminFieldsMissing,
  adminLoginFailure,
  passwordSignInBody,
  emailRequired,
  sendFailure,
  type Notice,
  type SignInMode,
  type Surface,
} from '../sign-in-messages';
import { CodeForm, useCodeSignIn } from './code-step';
import { StepHeading } from './step-heading';

const AdminSecondFactor = lazy(() => import('./admin-second-factor').then((module) => ({ default: module.AdminSecondFactor })));

interface SignInFlowProps {
  surface: Surface;
  initialMode: SignInMode;
  /** Tick the Toko+ box from the start (the listener chose Toko+). */
  wantsPlus?: boolean;
  /** The e-mail to start with (a link that already knows it, e.g. /subscribe?email=). */
  initialEmail?: string;
  /** Why an account is asked for, e.g. the exclusive album that was opened. */
  reason?: ReactNode;
  /** Where to go after signing in when the server names no place; the modal stays where it is. */
  then?: string;
  onSignedIn: (user: SessionUser) => void;
  /** The server signed this browser in without a code; the page reloads. */
  onInstantSignIn?: () => void;
}

type Step = 'email' | 'code' | 'admin-password';

export function SignInFlow({
  surface,
  initialMode,
  wantsPlus: initiallyWantsPlus = false,
  initialEmail = '',
  reason,
  then,
  onSignedIn,
  onInstantSignIn,
}: SignInFlowProps) {
  const [mode, setMode] = useState<SignInMode>(initialMode);
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState(initialEmail);
  const [wantsPlus, setWantsPlus] = useState(initiallyWantsPlus);
  const [failure, reportFailure] = useState<Notice | null>(null);

  const send = useMutation({
    mutationFn: async (address: string): Promise<SmartSignInOutcome> => {
      if (mode === 'sign-in') return readSmartSignIn(await smartSignIn(address));
      const answer = await sendSignUpLink({ email: address, intent: wantsPlus ? 'subscribe' : 'free' });
      return { kind: 'code-sent', isNewUser: answer.is_new_user };
    },
  });

  const sendMessage = async (): Promise<SmartSignInOutcome | null> => {
    const address = email.trim();
    if (!address) {
      reportFailure(emailRequired);
      return null;
    }
    try {
      const outcome = await send.mutateAsync(address);
      if (outcome.kind === 'unexpected') reportFailure({ title: 'Sign-in failed', description: 'Please try again' });
      else reportFailure(null);
      return outcome;
    } catch (error) {
      reportFailure(sendFailure(error, mode, surface));
      return null;
    }
  };

  const submitEmail = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await sendMessage();
    if (!outcome) return;
    if (outcome.kind === 'admin-password') setStep('admin-password');
    else if (outcome.kind === 'code-sent') setStep('code');
    else if (outcome.kind === 'instant') {
      completeInstantSignIn();
      onInstantSignIn?.();
    }
  };

  const switchMode = (next: SignInMode) => {
    setMode(next);
    reportFailure(null);
  };

  if (step === 'code') {
    return (
      <CodeStep
        surface={surface}
        variant={mode}
        email={email.trim()}
        subscriptionIntent={mode === 'sign-up' && wantsPlus}
        then={then}
        onSignedIn={onSignedIn}
        onNeedsPassword={() => setStep('admin-password')}
        onChangeEmail={() => setStep('email')}
        onResend={async () => {
          try {
            const outcome = await send.mutateAsync(email.trim());
            return outcome.kind === 'unexpected' ? { title: 'Sign-in failed', description: 'Please try again' } : null;
          } catch (error) {
            return sendFailure(error, mode, surface);
          }
        }}
      />
    );
  }

  if (step === 'admin-password') {
    return (
      <AdminPasswordStep
        surface={surface}
        initialEmail={email.trim()}
        then={then}
        onSignedIn={onSignedIn}
        onBack={() => setStep('email')}
      />
    );
  }

  const signingUp = mode === 'sign-up';
  return (
    <div data-testid="sign-in-flow" data-step="email" data-mode={mode}>
      <StepHeading
        surface={surface}
        title={signingUp ? (wantsPlus ? `Join ${brand.productPlus}` : 'Create your free account') : 'Sign in'}
        description={
          signingUp
            ? "Enter your email and we'll send you a 6-digit code. No password needed."
            : "Enter your email and we'll send you a 6-digit code and a sign-in link."
        }
      />
      {reason && <div className="mt-4 rounded-lg border border-accent/30 bg-accent/10 px-3 py-2 text-sm text-zinc-100">{reason}</div>}
      <form className="mt-5 space-y-4" onSubmit={(event) => void submitEmail(event)} noValidate>
        <EmailField focusOnMount value={email} onChange={(event) => setEmail(event.target.value)} disabled={send.isPending} />
        {signingUp && <PlusOption checked={wantsPlus} onChange={setWantsPlus} disabled={send.isPending} />}
        {failure && <FormAlert {...failure} />}
        <Button type="submit" className="w-full" disabled={send.isPending || email === ''}>
          {send.isPending
            ? 'Sending code...'
            : signingUp
              ? wantsPlus
                ? `Continue to ${brand.productPlus} Checkout`
                : 'Create Free Account'
              : 'Continue'}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm text-zinc-300">
        {signingUp ? 'Already have an account? ' : `New to ${brand.product}? `}
        <TextButton onClick={() => switchMode(signingUp ? 'sign-in' : 'sign-up')}>{signingUp ? 'Sign In' : 'Create an account'}</TextButton>
      </p>
      {/* The server answers every address alike, so an account that signs in with a password is not told apart: its holder picks this. */}
      {!signingUp && (
        <p className="mt-2 text-center text-sm text-zinc-300">
          <TextButton onClick={() => setStep('admin-password')}>Sign in with a password</TextButton>
        </p>
      )}
      <p className="mt-4 text-center text-xs text-zinc-400">
        We only use your email to sign you in and to send what you ask for. Read our{' '}
        <a href="/privacy" target="_blank" rel="noopener" className="underline underline-offset-2 hover:text-zinc-200">
          Privacy Policy
        </a>
        .
      </p>
    </div>
  );
}

function PlusOption({ checked, onChange, disabled }: { checked: boolean; onChange: (checked: boolean) => void; disabled: boolean }) {
  return (
    <CheckboxCard
      name="subscribe"
      checked={checked}
      onChange={onChange}
      disabled={disabled}
      icon={Crown}
      title={`Add ${brand.productPlus} for ${formatMoney(brand.subscriptionMonthlyUsd)}/month`}
      description="Exclusive and early releases, high-quality downloads, album and merch discounts. Cancel anytime."
    />
  );
}

interface CodeStepProps {
  surface: Surface;
  /** The sign-in variant's message also carries a sign-in link. */
  variant: SignInMode;
  email: string;
  subscriptionIntent: boolean;
  then?: string;
  onSignedIn: (user: SessionUser) => void;
  onNeedsPassword?: () => void;
  /** Back to the e-mail step, the address kept so a typo can be mended. */
  onChangeEmail: () => void;
  /** Sends the message again; what went wrong, or null when it went out. */
  onResend: () => Promise<Notice | null>;
}

/**
 * "Check your email": the 6-digit code from the message (its link works too, in any tab). It offers one thing to do
 * and one way out: enter the code (after a wrong one the field is emptied and focused for the next try) or send a new
 * message. A person still waiting for the message may also change the address; after a wrong code that is not offered,
 * since the message did arrive.
 */
export function CodeStep({
  surface,
  variant,
  email,
  subscriptionIntent,
  then,
  onSignedIn,
  onNeedsPassword,
  onChangeEmail,
  onResend,
}: CodeStepProps) {
  const signIn = useCodeSignIn({ email, surface, subscriptionIntent, then, onSignedIn, onNeedsPassword });
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState<string | null>(null);
  const { busy, failure } = signIn;

  const resend = async () => {
    setResending(true);
    setResent(null);
    const failed = await onResend();
    setResending(false);
    signIn.reportFailure(failed);
    if (failed) return;
    signIn.setCode('');
    signIn.inputRef.current?.focus();
    setResent(
      variant === 'sign-in' ? `A new code and sign-in link are on their way to ${email}.` : `A new code is on its way to ${email}.`,
    );
  };

  return (
    <div data-testid="sign-in-flow" data-step="code" data-mode={variant}>
      <StepHeading
        surface={surface}
        title="Check your email"
        description={
          <>
            We sent a 6-digit code{variant === 'sign-in' ? ' and a sign-in link' : ''} to <strong className="text-zinc-50">{email}</strong>.
          </>
        }
      />
      <CodeForm signIn={signIn} submitLabel="Verify" checkWhenComplete status={resent} />
      <Button variant="secondary" className="mt-3 w-full" onClick={() => void resend()} disabled={busy || resending}>
        {resending ? 'Sending...' : 'Send a new code'}
      </Button>
      {!failure && (
        <p className="mt-4 text-center text-sm text-zinc-300">
          <TextButton onClick={onChangeEmail} disabled={busy || resending}>
            Use a different email
          </TextButton>
        </p>
      )}
    </div>
  );
}

/**
 * An account with a password signs in with it and its e-mail or username (both fields required); an admin then gives
 * the second factor.
 */
function AdminPasswordStep({
  surface,
  initialEmail,
  then,
  onSignedIn,
  onBack,
}: {
  surface: Surface;
  initialEmail: string;
  then?: string;
  onSignedIn: (user: SessionUser) => void;
  onBack: () => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [failure, reportFailure] = useState<Notice | null>(null);
  const [secondStep, setSecondStep] = useState<{ challenge: string; enrol: boolean } | null>(null);
  const login = useAdminLogin();
  const completeSignIn = useCompleteSignIn();
  const [completing, setCompleting] = useState(false);
  const busy = login.isPending || completing;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address || !password) {
      reportFailure(adminFieldsMissing);
      return;
    }
    reportFailure(null);
    login.mutate(passwordSignInBody(address, password), {
      onSuccess: (answer) => {
        setPassword('');
        if ('challenge' in answer) {
          setSecondStep({ challenge: answer.challenge, enrol: answer.requiresTotpEnrolment });
          return;
        }
        setCompleting(true);
        void completeSignIn({ email: address, isNewUser: false, subscriptionIntent: false }, then).then((user) => {
          setCompleting(false);
          if (user) onSignedIn(user);
        });
      },
      onError: (error) => {
        reportFailure(adminLoginFailure(error, surface));
        setPassword('');
      },
    });
  };

  if (secondStep) {
    return (
      <Suspense fallback={<div className="h-48 animate-pulse rounded-lg bg-white/5" aria-busy="true" />}>
        <AdminSecondFactor
          surface={surface}
          email={email.trim()}
          challenge={secondStep.challenge}
          enrol={secondStep.enrol}
          then={then}
          onSignedIn={onSignedIn}
          onRestart={(notice) => {
            setSecondStep(null);
            reportFailure(notice ?? null);
          }}
        />
      </Suspense>
    );
  }

  return (
    <div data-testid="sign-in-flow" data-step="admin-password">
      <StepHeading
        surface={surface}
        title="Administrator sign-in"
        description="Administrators, and listeners who chose a password at beta signup, enter it here."
      />
      <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
        <TextField
          label="Email or username"
          type="text"
          name="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={busy}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          focusOnMount
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          disabled={busy}
        />
        {failure && <FormAlert {...failure} />}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <Button variant="ghost" className="mt-3 px-3" onClick={onBack} disabled={busy} icon={ArrowLeft}>
        Back
      </Button>
    </div>
  );
}
