/**
 * The band's fan signup: one e-mail field; once the confirmation link is mailed, a second later, the fan is on the
 * band's page. Opened from that link (`?confirm=`), it posts the link's token and says the fan is on the list.
 */
import { Mail } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { serverMessageOf } from '../../../lib/http';
import { Button, buttonClass } from '../../../ui/button';
import { IconInput } from '../../../ui/icon-input';
import { isValidFanEmail, useConfirmFanSignup, useFanSignup } from '../api/fan-signup';
import { band, bandPagePath } from '../band';
import { BandTitle } from './band-title';

/** The pause between "you're in" and the band's page. */
export const FAN_REDIRECT_DELAY_MS = 1000;

export function BandSignupPage() {
  const [params] = useSearchParams();
  const token = params.get('confirm')?.trim();
  return token ? <FanSignupConfirmation token={token} /> : <FanSignupForm />;
}

/** The confirmation link: its token is posted once per visit, and the page says how it went. */
function FanSignupConfirmation({ token }: { token: string }) {
  useDocumentTitle(`${band.name}: Confirm your signup`);
  const confirm = useConfirmFanSignup();
  const started = useRef(false);
  const { mutate } = confirm;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  return (
    <section className="mx-auto flex max-w-md flex-col gap-6 py-8 text-center" data-testid="band-signup-confirmation">
      <BandTitle />
      {confirm.isError ? (
        <p role="alert" className="text-sm text-red-300">
          {serverMessageOf(confirm.error) ?? 'Something went wrong. Please try again.'}
        </p>
      ) : confirm.isSuccess ? (
        <p role="status" className="text-sm text-emerald-300">
          You're on the list! We'll write when {band.name} has news.
        </p>
      ) : (
        <p role="status" className="text-sm text-zinc-300">
          Confirming your signup…
        </p>
      )}
      <Link to={bandPagePath} className={buttonClass()}>
        Go to {band.name}
      </Link>
    </section>
  );
}

function FanSignupForm() {
  useDocumentTitle(`${band.name}: Get Access`);
  const navigate = useNavigate();
  const signup = useFanSignup();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  // A second to read the confirmation, then on to the band's page.
  useEffect(() => {
    if (!signup.isSuccess) return;
    const timer = setTimeout(() => void navigate(bandPagePath), FAN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signup.isSuccess, navigate]);

  const busy = signup.isPending || signup.isSuccess;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!isValidFanEmail(email)) return setProblem('Please enter a valid email address');
    setProblem(null);
    signup.mutate(email, {
      onError: (error) => setProblem(serverMessageOf(error) ?? 'Something went wrong. Please try again.'),
    });
  };

  return (
    <section className="mx-auto flex max-w-md flex-col gap-6 py-8 text-center" data-testid="band-signup">
      <div className="space-y-2">
        <BandTitle />
      </div>
      <form onSubmit={submit} noValidate className="space-y-3 text-left">
        <label htmlFor={inputId} className="text-sm font-semibold text-zinc-100">
          Email
        </label>
        <IconInput
          icon={Mail}
          id={inputId}
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={problem !== null}
          aria-describedby={problem ? errorId : undefined}
          placeholder="you@example.com"
          className="h-12 w-full rounded-xl border border-white/15 bg-white/5 pl-9 pr-4 text-zinc-50 placeholder:text-zinc-400 focus:border-accent focus:outline-none"
        />
        {problem && (
          <p id={errorId} role="alert" className="text-sm text-red-300">
            {problem}
          </p>
        )}
        {signup.isSuccess && (
          <p role="status" className="text-sm text-emerald-300">
            Almost there: check your email for a link to confirm your signup. Taking you to {band.name}…
          </p>
        )}
        <Button type="submit" className="w-full" disabled={busy || email.trim() === ''}>
          {busy ? 'Joining...' : 'Get Access'}
        </Button>
      </form>
    </section>
  );
}
