/**
 * An admin's second step after the password, loaded only when an admin account gets there: the code of the
 * authenticator app (or a recovery code), or at the first sign-in the set-up of the app: its QR code (drawn here
 * with `qrcode`, loaded only for this step), the secret to copy, a code that confirms it, then the recovery codes,
 * shown once, which the admin says they saved before going on.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeft, Copy, KeyRound } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { SessionUser } from '../../../lib/session';
import { Button, TextButton } from '../../../ui/button';
import { FormAlert, TextField } from '../../../ui/text-field';
import { confirmTotpEnrolment, startTotpEnrolment, verifySecondFactor } from '../api/admin-second-factor';
import { useCompleteSignIn } from '../complete-sign-in';
import {
  invalidCode,
  isCompleteCode,
  isRecoveryCode,
  needsPasswordAgain,
  sanitizeCode,
  secondFactorFailure,
  type Notice,
  type Surface,
} from '../sign-in-messages';
import { StepHeading } from './step-heading';

interface AdminSecondFactorProps {
  surface: Surface;
  email: string;
  challenge: string;
  /** The account has no authenticator app yet: set one up first. */
  enrol: boolean;
  then?: string;
  onSignedIn: (user: SessionUser) => void;
  /** Back to the password: the admin chose to, or the step is over (expired, too many wrong codes), said in `notice`. */
  onRestart: (notice?: Notice) => void;
}

export function AdminSecondFactor({ enrol, ...props }: AdminSecondFactorProps) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const completeSignIn = useCompleteSignIn();
  const finish = async () => {
    const user = await completeSignIn({ email: props.email, isNewUser: false, subscriptionIntent: false }, props.then);
    if (user) props.onSignedIn(user);
  };
  if (recoveryCodes) return <RecoveryCodesStep surface={props.surface} codes={recoveryCodes} onDone={finish} />;
  if (enrol) return <EnrolmentStep {...props} onEnrolled={setRecoveryCodes} />;
  return <CodeStep {...props} onVerified={finish} />;
}

/** Focuses the field once it is shown (the step replaced the form that had the focus). */
function useFocusOnShow<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/** A failure of the step: said beside the form; a dead step sends the admin back to the password. */
function useStepFailure(surface: Surface, onRestart: (notice?: Notice) => void) {
  const [failure, setFailure] = useState<Notice | null>(null);
  const report = (error: unknown) => {
    if (needsPasswordAgain(error)) {
      onRestart(secondFactorFailure(error, surface));
      return;
    }
    setFailure(secondFactorFailure(error, surface));
  };
  return { failure, setFailure, report };
}

function SixDigitField({
  value,
  onChange,
  disabled,
  inputRef,
}: {
  value: string;
  onChange: (code: string) => void;
  disabled: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  return (
    <TextField
      ref={inputRef}
      label="6-digit code"
      name="totp"
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="000000"
      className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(sanitizeCode(event.target.value))}
      hint="The code your authenticator app shows for this account. It changes every 30 seconds."
    />
  );
}

function CodeStep({
  surface,
  challenge,
  onRestart,
  onVerified,
}: Omit<AdminSecondFactorProps, 'enrol'> & { onVerified: () => Promise<void> }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const { failure, setFailure, report } = useStepFailure(surface, onRestart);
  const codeRef = useFocusOnShow<HTMLInputElement>();
  const recoveryRef = useRef<HTMLInputElement>(null);
  const verify = useMutation({ mutationFn: verifySecondFactor });
  const [completing, setCompleting] = useState(false);
  const busy = verify.isPending || completing;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (useRecovery ? !isRecoveryCode(recoveryCode) : !isCompleteCode(code)) {
      setFailure(
        useRecovery ? { title: 'Invalid recovery code', description: 'Enter one of your recovery codes, like abcde-12345' } : invalidCode,
      );
      (useRecovery ? recoveryRef : codeRef).current?.focus();
      return;
    }
    setFailure(null);
    verify.mutate(useRecovery ? { challenge, recoveryCode } : { challenge, code }, {
      onSuccess: () => {
        setCompleting(true);
        void onVerified().finally(() => setCompleting(false));
      },
      onError: (error) => {
        report(error);
        setCode('');
        (useRecovery ? recoveryRef : codeRef).current?.focus();
      },
    });
  };

  const switchTo = (recovery: boolean) => {
    setUseRecovery(recovery);
    setFailure(null);
    window.setTimeout(() => (recovery ? recoveryRef : codeRef).current?.focus());
  };

  return (
    <div data-testid="sign-in-flow" data-step={useRecovery ? 'admin-recovery-code' : 'admin-totp'}>
      <StepHeading
        surface={surface}
        title="Two-step verification"
        description={
          useRecovery ? 'Enter one of the recovery codes you saved. Each works once.' : 'Enter the code from your authenticator app.'
        }
      />
      <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
        {useRecovery ? (
          <TextField
            ref={recoveryRef}
            label="Recovery code"
            name="recovery-code"
            autoComplete="off"
            spellCheck={false}
            placeholder="abcde-12345"
            className="[&_input]:font-mono"
            value={recoveryCode}
            disabled={busy}
            onChange={(event) => setRecoveryCode(event.target.value)}
          />
        ) : (
          <SixDigitField value={code} onChange={setCode} disabled={busy} inputRef={codeRef} />
        )}
        {failure && <FormAlert {...failure} />}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Verifying...' : 'Verify'}
        </Button>
      </form>
      <div className="mt-3 flex items-center justify-between gap-2">
        <Button variant="ghost" className="px-3" onClick={() => onRestart()} disabled={busy} icon={ArrowLeft}>
          Back
        </Button>
        <TextButton className="text-sm" onClick={() => switchTo(!useRecovery)} disabled={busy}>
          {useRecovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </TextButton>
      </div>
    </div>
  );
}

/** The QR code of the otpauth:// URI as an SVG path: one square per dark module, with a quiet zone of 4. */
async function qrPath(uri: string): Promise<{ size: number; path: string }> {
  const { create } = await import('qrcode');
  const { modules } = create(uri, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) if (modules.get(x, y)) path += `M${x} ${y}h1v1h-1z`;
  }
  return { size: modules.size, path };
}

function QrCode({ uri }: { uri: string }) {
  const qr = useQuery({ queryKey: ['admin-totp-qr', uri], queryFn: () => qrPath(uri), staleTime: Infinity, gcTime: 0 });
  if (!qr.data) return <div className="size-48 animate-pulse rounded-lg bg-white/10" aria-hidden="true" />;
  const { size, path } = qr.data;
  return (
    <svg
      role="img"
      aria-label="QR code to scan with your authenticator app"
      viewBox={`-4 -4 ${size + 8} ${size + 8}`}
      className="size-48 rounded-lg bg-white"
      shapeRendering="crispEdges"
      data-testid="totp-qr"
    >
      <path d={path} fill="#000" />
    </svg>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="secondary"
      className="px-3 py-1.5"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
      icon={Copy}
    >
      {copied ? 'Copied' : label}
    </Button>
  );
}

function EnrolmentStep({
  surface,
  challenge,
  onRestart,
  onEnrolled,
}: Omit<AdminSecondFactorProps, 'enrol'> & { onEnrolled: (recoveryCodes: string[]) => void }) {
  const enrolment = useQuery({
    queryKey: ['admin-totp-enrolment', challenge],
    queryFn: () => startTotpEnrolment(challenge),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const [code, setCode] = useState('');
  const { failure, setFailure, report } = useStepFailure(surface, onRestart);
  const codeRef = useRef<HTMLInputElement>(null);
  const confirm = useMutation({ mutationFn: confirmTotpEnrolment });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isCompleteCode(code)) {
      setFailure(invalidCode);
      codeRef.current?.focus();
      return;
    }
    setFailure(null);
    confirm.mutate(
      { challenge, code },
      {
        onSuccess: (answer) => onEnrolled(answer.recoveryCodes),
        onError: (error) => {
          report(error);
          setCode('');
          codeRef.current?.focus();
        },
      },
    );
  };

  return (
    <div data-testid="sign-in-flow" data-step="admin-totp-enrolment">
      <StepHeading
        surface={surface}
        title="Set up two-step verification"
        description="Admin accounts sign in with a code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Bitwarden…). Scan the QR code with it, or type in the secret."
      />
      {enrolment.isError ? (
        <div className="mt-5 space-y-3">
          <FormAlert {...secondFactorFailure(enrolment.error, surface)} />
          <Button variant="secondary" onClick={() => onRestart(secondFactorFailure(enrolment.error, surface))}>
            Start again
          </Button>
        </div>
      ) : (
        <>
          <div className="mt-5 flex flex-col items-center gap-3">
            {enrolment.data ? <QrCode uri={enrolment.data.otpauthUri} /> : <div className="size-48 animate-pulse rounded-lg bg-white/10" />}
            {enrolment.data && (
              <div className="flex w-full flex-wrap items-center justify-center gap-2">
                <code className="break-all rounded bg-white/10 px-2 py-1 font-mono text-sm text-zinc-100" data-testid="totp-secret">
                  {enrolment.data.secret}
                </code>
                <CopyButton text={enrolment.data.secret} label="Copy secret" />
              </div>
            )}
          </div>
          <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
            <SixDigitField value={code} onChange={setCode} disabled={confirm.isPending || !enrolment.data} inputRef={codeRef} />
            {failure && <FormAlert {...failure} />}
            <Button type="submit" className="w-full" disabled={confirm.isPending || !enrolment.data}>
              {confirm.isPending ? 'Verifying...' : 'Confirm'}
            </Button>
          </form>
        </>
      )}
      <Button variant="ghost" className="mt-3 px-3" onClick={() => onRestart()} disabled={confirm.isPending} icon={ArrowLeft}>
        Back
      </Button>
    </div>
  );
}

function RecoveryCodesStep({ surface, codes, onDone }: { surface: Surface; codes: string[]; onDone: () => Promise<void> }) {
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const headingRef = useFocusOnShow<HTMLDivElement>();
  return (
    <div data-testid="sign-in-flow" data-step="admin-recovery-codes" ref={headingRef} tabIndex={-1} className="outline-none">
      <StepHeading
        surface={surface}
        title="Save your recovery codes"
        description="If you lose your phone, each of these codes signs you in once instead of the app's code. They are shown only now: keep them somewhere safe, such as your password manager."
      />
      <ol className="mt-5 grid grid-cols-2 gap-2 font-mono text-sm text-zinc-100" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-white/10 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-3 flex justify-center">
        <CopyButton text={codes.join('\n')} label="Copy codes" />
      </div>
      <label className="mt-5 flex items-center gap-2 text-sm text-zinc-200">
        <input type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} className="size-4 accent-current" />I
        saved my recovery codes
      </label>
      <Button
        className="mt-4 w-full"
        disabled={!saved || busy}
        onClick={() => {
          setBusy(true);
          void onDone().finally(() => setBusy(false));
        }}
        icon={KeyRound}
      >
        {busy ? 'Signing in...' : 'Continue'}
      </Button>
    </div>
  );
}
