/**
 * /check-email?email=…: the sign-in message is on its way. Its link signs in from the mail; its 6-digit code
 * can be typed right here.
 */
import { MailCheck } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { isNetworkError, serverMessageOf } from '../../../lib/http';
import { buttonClass } from '../../../ui/button';
import { freeSignup } from '../api/free-signup';
import type { Notice } from '../sign-in-messages';
import { AuthCard } from './auth-card';
import { CodeStep } from './sign-in-flow';

export function CheckEmailPage() {
  useDocumentTitle('Check your email');
  const [params] = useSearchParams();
  const email = (params.get('email') ?? '').trim();
  const navigate = useNavigate();
  const startOver = () => void navigate('/free-signup');

  if (!email) {
    return (
      <AuthCard testId="check-email-page">
        <MailCheck aria-hidden="true" className="size-10 text-accent" />
        <h1 className="mt-4 text-2xl font-extrabold text-zinc-50">Check your email</h1>
        <p className="mt-2 text-sm text-zinc-300">
          If you asked for a sign-in link, it is in your inbox: open it on this device, or type its 6-digit code when you sign in. Can't
          find it? Check your spam or junk folder.
        </p>
        <Link to="/free-signup" className={buttonClass('secondary', 'mt-6')}>
          Send a new link
        </Link>
      </AuthCard>
    );
  }

  const resend = async (): Promise<Notice | null> => {
    try {
      await freeSignup(email);
      return null;
    } catch (error) {
      return isNetworkError(error)
        ? { title: 'Connection Error', description: 'Please check your connection and try again.' }
        : { title: 'Signup Failed', description: serverMessageOf(error) ?? 'Failed to send verification email' };
    }
  };

  return (
    <AuthCard testId="check-email-page">
      <CodeStep
        surface="page"
        variant="sign-in"
        email={email}
        subscriptionIntent={false}
        then="/"
        onSignedIn={() => undefined}
        onChangeEmail={startOver}
        onResend={resend}
      />
    </AuthCard>
  );
}
