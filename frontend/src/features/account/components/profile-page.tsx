/**
 * /profile: the listener's avatar (chosen, cropped, uploaded), display name and e-mail, subscription details,
 * the Administrator badge and admin-panel link for admins, and log out.
 */
import { Camera, Crown, LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { brand } from '../../../lib/brand';
import { useDocumentTitle } from '../../../lib/document-title';
import { isValidEmail } from '../../../lib/email';
import { formatReleaseDate } from '../../../lib/format';
import { serverMessageOf } from '../../../lib/http';
import { useSession, type SessionUser } from '../../../lib/session';
import { Badge } from '../../../ui/badge';
import { Button, buttonClass } from '../../../ui/button';
import { Section } from '../../../ui/section';
import { LoadingStatus, Skeleton, SkeletonStack } from '../../../ui/skeleton';
import { EmptyState } from '../../../ui/status-message';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';
import { useOpenAccountDialog } from '../../auth';
import { useSignOut } from '../api/sign-out';
import { EMAIL_CHANGE_FRESH_SIGN_IN_MINUTES, useConfirmEmailChange, useStartEmailChange } from '../api/change-email';
import { useUpdateProfile } from '../api/update-profile';
import { useUploadAvatar } from '../api/upload-avatar';
import { checkAvatarFile } from '../avatar-crop';
import { ManageSubscriptionButton, useSubscription } from '../../membership';
import { durationSince, isPaid, liveStatusLabel, planLabel, statusLabel } from '../subscription-wording';
import { displayNameOf, UserAvatar } from './user-avatar';

const AvatarCropDialog = lazy(() => import('./avatar-crop-dialog').then((module) => ({ default: module.AvatarCropDialog })));

export function ProfilePage() {
  useDocumentTitle('Profile');
  const { user, isLoading, isAdmin } = useSession();

  if (isLoading) return <ProfileSkeleton />;
  if (!user) return <SignedOutNotice what="your profile" />;

  return (
    <div className="mx-auto max-w-3xl space-y-6" data-testid="profile-page" data-user-id={user.id}>
      <section className="flex flex-col items-center gap-5 rounded-2xl border border-white/10 bg-zinc-900 p-6 text-center sm:flex-row sm:text-left">
        <AvatarEditor user={user} />
        <div className="w-full min-w-0 space-y-2 sm:w-auto sm:flex-1">
          <h1 className="truncate text-3xl font-extrabold text-zinc-50" data-testid="profile-name">
            {displayNameOf(user)}
          </h1>
          {user.email && <p className="truncate text-zinc-300">{user.email}</p>}
          <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
            {isAdmin && (
              <Badge tone="accent">
                <ShieldCheck aria-hidden="true" className="size-3.5" />
                Administrator
              </Badge>
            )}
            {isPaid(user) && (
              <Badge tone="accent">
                <Crown aria-hidden="true" className="size-3.5" />
                {brand.productPlus}
              </Badge>
            )}
          </div>
        </div>
      </section>

      <ProfileForm user={user} />
      <SubscriptionDetails user={user} />

      <section className="flex flex-wrap gap-3">
        {isAdmin && (
          <Link to="/admin" className={buttonClass('secondary')}>
            <ShieldCheck aria-hidden="true" className="size-4" />
            Admin Panel
          </Link>
        )}
        <LogOutButton method="POST" />
      </section>
    </div>
  );
}

function AvatarEditor({ user }: { user: SessionUser }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadAvatar();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // Choosing the same file again must fire another change.
    event.target.value = '';
    if (!chosen) return;
    const problem = checkAvatarFile(chosen);
    if (problem) {
      toast({ variant: 'destructive', ...problem, duration: 4000 });
      return;
    }
    setFile(chosen);
  };

  const save = (jpeg: Blob) =>
    upload.mutate(jpeg, {
      onSuccess: () => {
        setFile(null);
        toast({ variant: 'success', title: 'Avatar updated', description: 'Your new picture is live.' });
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Upload failed', description: serverMessageOf(error) ?? 'Failed to upload avatar' }),
    });

  return (
    <div className="relative shrink-0">
      <UserAvatar user={user} size={112} className="ring-4 ring-zinc-800" />
      <button
        type="button"
        onClick={() => input.current?.click()}
        className="absolute bottom-0 right-0 inline-flex size-9 items-center justify-center rounded-full bg-accent text-accent-foreground shadow-lg transition hover:brightness-110"
        aria-label="Change avatar"
        title="Change avatar"
      >
        <Camera aria-hidden="true" className="size-4" />
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="avatar-file-input"
        onChange={choose}
      />
      {file && (
        <Suspense fallback={null}>
          <AvatarCropDialog file={file} saving={upload.isPending} onCancel={() => setFile(null)} onSave={save} />
        </Suspense>
      )}
    </div>
  );
}

function ProfileForm({ user }: { user: SessionUser }) {
  const [displayName, setDisplayName] = useState(user.displayName ?? '');
  const [email, setEmail] = useState(user.email ?? '');
  const [emailError, setEmailError] = useState<string | null>(null);
  /** The new address whose change waits for the code mailed to the address in force. */
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const update = useUpdateProfile(user.id);
  const startChange = useStartEmailChange();
  const busy = update.isPending || startChange.isPending;
  const nameChanged = displayName.trim() !== (user.displayName ?? '');
  const changed = nameChanged || email.trim() !== (user.email ?? '');
  const failed = (title: string) => (error: Error) =>
    toast({ variant: 'destructive', title, description: serverMessageOf(error) ?? 'Please try again' });

  const changeEmail = (address: string) =>
    startChange.mutate(address, {
      onSuccess: (answer) => {
        if (answer.codeSent) setCodeFor(address);
        toast({
          variant: 'success',
          title: answer.codeSent ? 'Check your current email' : 'Check your new email',
          description: answer.message,
          duration: 5000,
        });
      },
      onError: failed('Email not changed'),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address)) {
      setEmailError('Please enter a valid email address');
      toast({ variant: 'destructive', title: 'Invalid email', description: 'Please enter a valid email address' });
      return;
    }
    setEmailError(null);
    const emailChanged = address !== (user.email ?? '');
    if (!nameChanged) {
      if (emailChanged) changeEmail(address);
      return;
    }
    update.mutate(
      { displayName: displayName.trim() },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: 'Profile updated', description: 'Your changes are saved.', duration: 3000 });
          if (emailChanged) changeEmail(address);
        },
        onError: failed('Update failed'),
      },
    );
  };

  const emailHint = user.pendingEmail
    ? `Waiting for confirmation of ${user.pendingEmail}: follow the link we sent there. ${user.email} stays in use until then.`
    : !user.emailVerified
      ? 'Not confirmed yet: follow the link we sent to this address, or sign in with a code sent to it.'
      : `Changing it asks for a code sent to this address (no code within ${EMAIL_CHANGE_FRESH_SIGN_IN_MINUTES} minutes of signing in with a code or link), then a link sent to the new one.`;

  return (
    <Section title="Profile details" size="lg" className="rounded-2xl border border-white/10 bg-zinc-900 p-6">
      <form className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate data-testid="profile-form">
        <TextField
          label="Display name"
          name="displayName"
          autoComplete="nickname"
          value={displayName}
          placeholder={user.username ?? 'How your name shows'}
          hint="Optional: how your name shows across the app."
          onChange={(event) => setDisplayName(event.target.value)}
          disabled={busy}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          error={emailError}
          hint={emailHint}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailError(null);
          }}
          disabled={busy || codeFor !== null}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={!changed || busy || codeFor !== null}>
            {busy ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
      {codeFor && (
        <EmailChangeCode
          currentEmail={user.email}
          newEmail={codeFor}
          onDone={() => {
            // The address in force stays until the new one is confirmed; the field shows it, the hint the new one.
            setCodeFor(null);
            setEmail(user.email ?? '');
          }}
          onCancel={() => {
            setCodeFor(null);
            setEmail(user.email ?? '');
          }}
        />
      )}
    </Section>
  );
}

/** The second step of a change of address: the code mailed to the address in force. */
function EmailChangeCode({
  currentEmail,
  newEmail,
  onDone,
  onCancel,
}: {
  currentEmail: string;
  newEmail: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = useConfirmEmailChange();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setProblem('Please enter the 6-digit code');
    setProblem(null);
    confirm.mutate(code.trim(), {
      onSuccess: (answer) => {
        toast({ variant: 'success', title: 'Check your new email', description: answer.message, duration: 6000 });
        onDone();
      },
      onError: (error) => setProblem(serverMessageOf(error) ?? 'Please try again'),
    });
  };

  return (
    <form className="mt-6 space-y-3 border-t border-white/10 pt-5" onSubmit={submit} noValidate data-testid="email-change-code">
      <p className="text-sm text-zinc-300">
        To move your account to <strong className="text-zinc-50">{newEmail}</strong>, enter the 6-digit code we sent to{' '}
        <strong className="text-zinc-50">{currentEmail}</strong>. Or sign in again with a code or link sent there: for{' '}
        {EMAIL_CHANGE_FRESH_SIGN_IN_MINUTES} minutes after it, changing your address needs no code.
      </p>
      <TextField
        label="Code from your current email"
        name="emailChangeCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        error={problem}
        onChange={(event) => {
          setCode(event.target.value);
          setProblem(null);
        }}
        disabled={confirm.isPending}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={confirm.isPending || code.trim() === ''}>
          {confirm.isPending ? 'Confirming...' : 'Confirm new email'}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel} disabled={confirm.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function SubscriptionDetails({ user }: { user: SessionUser }) {
  const paid = isPaid(user);
  const billedByStripe = paid && Boolean(user.stripeSubscriptionId);
  // The live subscription is read where the cancel and resume write, so the status agrees with the billing panel at once.
  const plan = useSubscription(billedByStripe).data;
  const subscribedFor = paid ? durationSince(user.subscriptionStartedAt, new Date()) : null;
  const status = plan?.active ? liveStatusLabel(plan, user) : statusLabel(user);
  const ends = plan?.active ? plan.cancelAtPeriodEnd === true : user.subscriptionStatus === 'cancelled';
  const periodEnd = plan?.active ? (plan.endsAt ?? plan.nextBillingDate) : user.subscriptionExpiresAt;
  return (
    <Section title="Subscription" size="lg" className="rounded-2xl border border-white/10 bg-zinc-900 p-6" testId="subscription-details">
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
        <Detail term="Plan" value={planLabel(user, plan)} testId="subscription-plan" />
        <Detail term="Status" value={status} testId="subscription-status" />
        {subscribedFor && <Detail term="Subscribed for" value={subscribedFor} testId="subscribed-for" />}
        {paid && periodEnd && <Detail term={ends ? 'Ends on' : 'Renews on'} value={formatReleaseDate(periodEnd)} />}
        {user.createdAt && <Detail term="Member since" value={formatReleaseDate(user.createdAt)} />}
      </dl>
      {(!paid || billedByStripe) && (
        <div className="mt-5">
          {paid ? (
            <ManageSubscriptionButton />
          ) : (
            <Link to="/upgrade" className={buttonClass()}>
              <Crown aria-hidden="true" className="size-4" />
              Upgrade to {brand.productPlus}
            </Link>
          )}
        </div>
      )}
    </Section>
  );
}

function Detail({ term, value, testId }: { term: string; value: string; testId?: string }) {
  return (
    <div>
      <dt className="text-zinc-400">{term}</dt>
      <dd className="mt-0.5 font-semibold text-zinc-50" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function LogOutButton({ method, label = 'Log Out' }: { method: 'POST' | 'GET'; label?: string }) {
  const signOut = useSignOut(method);
  return (
    <Button variant="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending || signOut.isSuccess} icon={LogOut}>
      {signOut.isPending ? 'Signing out...' : label}
    </Button>
  );
}

export function SignedOutNotice({ what }: { what: string }) {
  const openAccountDialog = useOpenAccountDialog();
  return (
    <div className="mx-auto max-w-md" data-testid="signed-out-notice">
      <EmptyState icon={UserRound} title={`Sign in to see ${what}`}>
        <p>Your profile, subscription and notifications live in your {brand.product} account.</p>
        <div className="mt-4 flex justify-center gap-2">
          <Button onClick={() => openAccountDialog('sign-in')}>Sign In</Button>
          <Link to="/free-signup" className={buttonClass('secondary')}>
            Create Free Account
          </Link>
        </div>
      </EmptyState>
    </div>
  );
}

export function ProfileSkeleton() {
  return (
    <LoadingStatus label="Loading your account…" className="mx-auto max-w-3xl space-y-6">
      <div className="flex items-center gap-5 rounded-2xl border border-white/10 p-6">
        <Skeleton className="size-28 rounded-full" />
        <SkeletonStack className="flex-1 space-y-3" blocks={['h-8 w-1/2', 'h-4 w-1/3']} />
      </div>
      <Skeleton className="h-40 w-full rounded-2xl" />
      <Skeleton className="h-32 w-full rounded-2xl" />
    </LoadingStatus>
  );
}
