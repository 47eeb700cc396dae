/**
 * /free-signup: a free account from one e-mail field. The message with the code and link goes out, then the
 * page moves on to /check-email?email=… . A beta invite opens the beta signup form instead.
 */
import { ArrowRight } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { brand } from '../../../lib/brand';
import { useDocumentTitle } from '../../../lib/document-title';
import { isNetworkError, serverMessageOf } from '../../../lib/http';
import { Button, TextButton } from '../../../ui/button';
import { EmailField, FormAlert } from '../../../ui/text-field';
import { useFreeSignup } from '../api/free-signup';
import { emailRequired, type Notice } from '../sign-in-messages';
import { AuthCard } from './auth-card';
import { BetaSignupForm } from './beta-signup-form';
import { SignInPrompt } from './sign-in-prompt';

export function FreeSignupPage() {
  useDocumentTitle('Create a free account');
  const [form, setForm] = useState<'free' | 'beta'>('free');
  return (
    <AuthCard testId="free-signup-page">
      {form === 'free' ? <FreeSignupForm /> : <BetaSignupForm />}
      <p className="mt-6 border-t border-white/10 pt-4 text-center text-sm text-zinc-300">
        {form === 'free' ? 'Have a beta invite? ' : 'No beta code? '}
        <TextButton onClick={() => setForm(form === 'free' ? 'beta' : 'free')}>
          {form === 'free' ? 'Sign up with a beta code' : 'Create a free account'}
        </TextButton>
      </p>
      <SignInPrompt className="mt-2 text-center text-sm text-zinc-300" />
    </AuthCard>
  );
}

function FreeSignupForm() {
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState<Notice | null>(null);
  const signup = useFreeSignup();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setFailure(emailRequired);
      return;
    }
    setFailure(null);
    signup.mutate(address, {
      onSuccess: (answer) => void navigate(`/check-email?email=${encodeURIComponent(answer.email ?? address)}`),
      onError: (error) =>
        setFailure(
          isNetworkError(error)
            ? { title: 'Connection Error', description: 'Please check your connection and try again.' }
            : { title: 'Signup Failed', description: serverMessageOf(error) ?? 'Failed to send verification email' },
        ),
    });
  };

  return (
    <>
      <h1 className="text-2xl font-extrabold text-zinc-50">Create your free account</h1>
      <p className="mt-2 text-sm text-zinc-300">
        Stream free albums, keep a library and follow the artists of {brand.labelName}. We'll email you a sign-in link and a 6-digit code.
      </p>
      <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
        <EmailField required focusOnMount value={email} onChange={(event) => setEmail(event.target.value)} disabled={signup.isPending} />
        {failure && <FormAlert {...failure} />}
        <Button type="submit" className="w-full" disabled={signup.isPending}>
          {signup.isPending ? 'Sending...' : 'Create Free Account'}
          {!signup.isPending && <ArrowRight aria-hidden="true" className="size-4" />}
        </Button>
      </form>
    </>
  );
}
