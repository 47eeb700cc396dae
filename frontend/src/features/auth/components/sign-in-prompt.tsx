/** "Already have an account? Sign in": the way from a sign-up form to the sign-in page. */
import { Link } from 'react-router';

export function SignInPrompt({ className }: { className: string }) {
  return (
    <p className={className}>
      Already have an account?{' '}
      <Link to="/login" className="font-semibold text-accent underline-offset-2 hover:underline">
        Sign in
      </Link>
    </p>
  );
}
