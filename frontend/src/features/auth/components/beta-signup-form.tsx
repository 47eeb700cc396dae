/** The beta signup: full name, username, e-mail and a password (typed twice), with an optional beta code. */
import { useState, type FormEvent } from 'react';
import { brand } from '../../../lib/brand';
import { isNetworkError, serverMessageOf } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { FormAlert, TextField } from '../../../ui/text-field';
import { useBetaSignup } from '../api/beta-signup';
import { useCompleteSignIn } from '../complete-sign-in';
import { normalizeBetaCode, validateBetaSignup, type BetaSignupForm as Form, type Notice } from '../sign-in-messages';

const empty: Form = { fullName: '', username: '', email: '', password: '', confirmPassword: '', betaCode: '' };

export function BetaSignupForm() {
  const [form, setForm] = useState<Form>(empty);
  const [failure, setFailure] = useState<Notice | null>(null);
  const signup = useBetaSignup();
  const completeSignIn = useCompleteSignIn();
  const [completing, setCompleting] = useState(false);
  const busy = signup.isPending || completing;

  const field = (name: keyof Form) => ({
    name,
    value: form[name],
    disabled: busy,
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: name === 'betaCode' ? event.target.value.toUpperCase() : event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateBetaSignup(form);
    if (invalid) {
      setFailure(invalid);
      return;
    }
    setFailure(null);
    const betaCode = normalizeBetaCode(form.betaCode);
    signup.mutate(
      {
        fullName: form.fullName.trim(),
        displayName: form.fullName.trim(),
        username: form.username.trim(),
        email: form.email.trim(),
        password: form.password,
        confirmPassword: form.confirmPassword,
        ...(betaCode ? { betaCode } : {}),
      },
      {
        onSuccess: () => {
          setCompleting(true);
          void completeSignIn({ email: form.email.trim(), isNewUser: true, subscriptionIntent: false }, '/').then(() =>
            setCompleting(false),
          );
        },
        onError: (error) =>
          setFailure(
            isNetworkError(error)
              ? { title: 'Connection Error', description: 'Please check your connection and try again.' }
              : { title: 'Signup failed', description: serverMessageOf(error) ?? 'Please check your beta code and try again.' },
          ),
      },
    );
  };

  return (
    <div data-testid="beta-signup-form">
      <h1 className="text-2xl font-extrabold text-zinc-50">Join the {brand.product} beta</h1>
      <p className="mt-2 text-sm text-zinc-300">
        Create your account with a password. We mail you a link to confirm your address: open it in this browser to keep your password. A
        beta code unlocks what your invite promised once your address is confirmed.
      </p>
      <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
        <TextField label="Full name" autoComplete="name" required {...field('fullName')} />
        <TextField
          label="Username"
          autoComplete="username"
          required
          hint="3 to 30 letters, digits, dots, dashes or underscores."
          {...field('username')}
        />
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters."
          {...field('password')}
        />
        <TextField label="Confirm password" type="password" autoComplete="new-password" required {...field('confirmPassword')} />
        <TextField label="Beta code (optional)" autoComplete="off" autoCapitalize="characters" spellCheck={false} {...field('betaCode')} />
        {failure && <FormAlert {...failure} />}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
    </div>
  );
}
