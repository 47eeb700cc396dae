/** "Already have an account? Sign in": the way from a sign-up form to the sign-in page. */
import { Link } from 'react-router';
import { textLinkClass } from '../../../ui/button';

export function SignInPrompt({ className }: { className: string }) {
  return (
    <p className={className}>
      Already have an account?{' '}
      <Link to="/login" className={textLinkClass()}>
        Sign in
      </Link>
    </p>
  );
}
