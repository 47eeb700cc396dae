/**
 * "Delete my account" on /account: a dialog that says what goes and what stays (a running Toko+ membership is
 * cancelled with the account, since its member can no longer sign in to cancel it), mails a code when the listener
 * confirms, then takes the code. On success the account is gone (and so is the session): the browser forgets what it kept
 * for the listener (bag, cart, queue) and loads the page that says the account is deleted, so nothing stays in memory.
 */
import { useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import { brand } from '../../../lib/brand';
import { formatMoney, formatReleaseDate } from '../../../lib/format';
import { serverMessageOf } from '../../../lib/http';
import { forgetAllStored } from '../../../lib/storage';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { Skeleton } from '../../../ui/skeleton';
import { FormAlert, TextField } from '../../../ui/text-field';
import { useSubscription } from '../../membership';
import { useConfirmAccountDeletion, useRequestAccountDeletion } from '../api/delete-account';

/** The one destructive button: red, so it never reads as the way forward. */
const dangerClass =
  'inline-flex items-center justify-center gap-2 rounded-full bg-red-700 px-5 py-2.5 text-sm font-semibold text-white transition hover:bg-red-600 disabled:cursor-not-allowed disabled:opacity-60';

export function DeleteAccountButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" className="text-red-200 hover:text-red-100" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        Delete my account
      </Button>
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </>
  );
}

/** What happens to the listener's Toko+ membership: said before the code is asked for, so nobody loses it unawares. */
function MembershipNotice() {
  const subscription = useSubscription();
  if (subscription.isPending) {
    return (
      <div role="status">
        <span className="sr-only">Checking your {brand.productPlus} membership…</span>
        <Skeleton className="h-5 w-64" />
      </div>
    );
  }
  const plan = subscription.data;
  if (subscription.isError || !plan) {
    return <p>If you have a {brand.productPlus} membership, it will be cancelled with your account.</p>;
  }
  if (!plan.active) return null;
  const price = plan.amount ? ` (${formatMoney(plan.amount / 100)} a month)` : '';
  return (
    <p data-testid="deletion-cancels-membership" className="rounded-xl border border-amber-300/30 bg-amber-300/10 p-3 text-amber-100">
      {plan.cancelAtPeriodEnd && plan.endsAt
        ? `Your ${brand.productPlus} membership, already set to end on ${formatReleaseDate(plan.endsAt)}, will end at once with your account.`
        : `Your ${brand.productPlus} membership${price} will be cancelled at once with your account: you will not be charged again, and the rest of the period already paid is not refunded.`}
    </p>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const membership = useSubscription();
  const ask = useRequestAccountDeletion();
  const confirm = useConfirmAccountDeletion();
  const [code, setCode] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code.trim(), {
      onSuccess: () => {
        forgetAllStored();
        window.location.replace('/account-deleted');
      },
    });
  };

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()} title="Delete your account?">
      {!ask.isSuccess ? (
        <div className="mt-4 space-y-4 text-sm text-zinc-300">
          <p>
            Your profile, e-mail address, library, favourites and notifications will be deleted for good. Your purchases and plays stay in
            the label&apos;s figures, without your name. You can download your data first.
          </p>
          <MembershipNotice />
          <p>We will e-mail you a 6-digit code to confirm.</p>
          {ask.isError && <FormAlert title="The code could not be sent" description={serverMessageOf(ask.error) ?? 'Please try again.'} />}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Keep my account
            </Button>
            <button
              type="button"
              onClick={() => ask.mutate()}
              // Not before the listener could read what happens to their membership.
              disabled={ask.isPending || membership.isPending}
              aria-busy={ask.isPending}
              className={dangerClass}
            >
              {ask.isPending ? 'Sending the code…' : 'Send me the code'}
            </button>
          </div>
        </div>
      ) : (
        <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
          <p className="text-sm text-zinc-300">{ask.data.message}</p>
          <TextField
            label="Deletion code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            focusOnMount
            error={confirm.isError ? (serverMessageOf(confirm.error) ?? 'That did not work. Please try again.') : undefined}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={() => ask.mutate()} disabled={ask.isPending || confirm.isPending}>
              Send a new code
            </Button>
            <button type="submit" disabled={!/^\d{6}$/.test(code.trim()) || confirm.isPending || confirm.isSuccess} className={dangerClass}>
              {confirm.isPending ? 'Deleting…' : 'Delete my account'}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
