/**
 * The 6-digit code that finishes a passwordless sign-in, as the sign-in flow's "Check your email" step and the
 * cart dialog's verifying step both ask for it: digits only, checked with the server, the session started, and
 * a refused code said beside the form, the field emptied and focused again for the next try.
 */
import { Mail } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { SessionUser } from '../../../lib/session';
import { Button } from '../../../ui/button';
import { FormAlert, TextField } from '../../../ui/text-field';
import { useVerifyCode, type VerifyCodeAnswer } from '../api/verify-code';
import { useCompleteSignIn, type SignInResult } from '../complete-sign-in';
import { invalidCode, isCompleteCode, sanitizeCode, verifyFailure, type Notice, type Surface } from '../sign-in-messages';

interface CodeSignInOptions {
  email: string;
  surface: Surface;
  /** The Toko+ box was ticked before the code was asked for. */
  subscriptionIntent: boolean;
  /** Where to go after signing in when the server names no place. */
  then?: string;
  /**
   * Go where the server's answer points (its redirect, a Toko+ intent it remembered). False where the screen
   * goes on by itself once signed in: the cart dialog continues to its own checkout.
   */
  followServer?: boolean;
  onSignedIn: (user: SessionUser) => void;
  /** An admin account answers that it needs its password; without this the sign-in just completes. */
  onNeedsPassword?: () => void;
  /** What a code that is not 6 digits is told, where the screen words it its own way. */
  incompleteCode?: Notice;
}

interface CodeSignIn {
  code: string;
  setCode: (code: string) => void;
  failure: Notice | null;
  reportFailure: (failure: Notice | null) => void;
  busy: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Checks the code with the server; one that is not 6 digits is refused here. */
  submit: (code: string) => void;
}

export function useCodeSignIn({
  email,
  surface,
  subscriptionIntent,
  then,
  followServer = true,
  onSignedIn,
  onNeedsPassword,
  incompleteCode = invalidCode,
}: CodeSignInOptions): CodeSignIn {
  const [code, setCode] = useState('');
  const [failure, reportFailure] = useState<Notice | null>(null);
  const verify = useVerifyCode();
  const completeSignIn = useCompleteSignIn();
  const [completing, setCompleting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const busy = verify.isPending || completing;
  // The field is disabled while its code is checked, so focusing it as the refusal arrives does nothing: it takes the
  // focus back once it is enabled again, and the next try is typed at once.
  useEffect(() => {
    if (failure && !busy) inputRef.current?.focus();
  }, [failure, busy]);

  const finish = async (answer: VerifyCodeAnswer) => {
    if (answer.requiresPassword && onNeedsPassword) {
      onNeedsPassword();
      return;
    }
    const isNewUser = Boolean(answer.isNewUser);
    const cartCheckoutIntent = Boolean(answer.cartCheckoutIntent);
    const result: SignInResult = followServer
      ? {
          email,
          isNewUser,
          subscriptionIntent: subscriptionIntent || Boolean(answer.subscriptionIntent),
          cartCheckoutIntent,
          redirectUrl: answer.redirectUrl,
        }
      : { email, isNewUser, subscriptionIntent, cartCheckoutIntent, redirectUrl: null };
    setCompleting(true);
    const user = await completeSignIn(result, then);
    setCompleting(false);
    if (user) onSignedIn(user);
  };

  const submit = (value: string) => {
    if (busy) return;
    if (!isCompleteCode(value)) {
      reportFailure(incompleteCode);
      inputRef.current?.focus();
      return;
    }
    reportFailure(null);
    verify.mutate(
      { email, code: value },
      {
        onSuccess: (answer) => void finish(answer),
        onError: (error) => {
          reportFailure(verifyFailure(error, surface));
          setCode('');
        },
      },
    );
  };

  return { code, setCode, failure, reportFailure, busy, inputRef, submit };
}

interface CodeFormProps {
  signIn: CodeSignIn;
  submitLabel: string;
  /**
   * A complete code (typed or pasted) is checked at once and the button is always there to press; otherwise
   * the button waits for a complete code.
   */
  checkWhenComplete?: boolean;
  /** Good news about the code (a new one was sent), shown while nothing has gone wrong. */
  status?: ReactNode;
}

/** The code field with its spam-folder warning, what went wrong, and the button that checks the code. */
export function CodeForm({ signIn, submitLabel, checkWhenComplete = false, status }: CodeFormProps) {
  const { code, failure, busy, inputRef } = signIn;
  return (
    <form
      className="mt-5 space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        signIn.submit(code);
      }}
    >
      <TextField
        ref={inputRef}
        label="6-digit code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        focusOnMount
        placeholder="000000"
        className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]"
        value={code}
        disabled={busy}
        onChange={(event) => {
          const next = sanitizeCode(event.target.value);
          signIn.setCode(next);
          if (checkWhenComplete && isCompleteCode(next) && !isCompleteCode(code)) signIn.submit(next);
        }}
        hint={
          <span className="flex items-start gap-1.5" data-testid="spam-warning">
            <Mail aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
            Can't find it? Check your spam or junk folder. The code works for 15 minutes.
          </span>
        }
      />
      {failure && <FormAlert {...failure} />}
      {status && !failure && (
        <p role="status" className="text-sm text-emerald-300">
          {status}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={busy || (!checkWhenComplete && !isCompleteCode(code))}>
        {busy ? 'Verifying...' : submitLabel}
      </Button>
    </form>
  );
}
