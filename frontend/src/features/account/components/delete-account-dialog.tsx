/**
 * "Delete my account" on /account: a dialog that says what goes and what stays, mails a code when the listener
 * confirms, then takes the code. On success the account is gone (and so is the session): a toast, then the home page.
 */
import { useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import { serverMessageOf } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { FormAlert, TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';
import { useConfirmAccountDeletion, useRequestAccountDeletion } from '../api/delete-account';

/** The one destructive button: red, so it never reads as the way forward. */
const dangerClass =
  'inline-flex items-center justify-center gap-2 rounded-full bg-red-700 px-5 py-2.5 text-sm font-semibold text-white transition hover:bg-red-600 disabled:cursor-not-allowed disabled:opacity-60';

/** How long the success toast shows before the page reloads signed out. */
const RELOAD_DELAY_MS = 1500;

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

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const ask = useRequestAccountDeletion();
  const confirm = useConfirmAccountDeletion();
  const [code, setCode] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code.trim(), {
      onSuccess: (answer) => {
        toast({ variant: 'success', title: 'Account deleted', description: answer.message });
        window.setTimeout(() => window.location.assign('/'), RELOAD_DELAY_MS);
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
          <p>We will e-mail you a 6-digit code to confirm.</p>
          {ask.isError && <FormAlert title="The code could not be sent" description={serverMessageOf(ask.error) ?? 'Please try again.'} />}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Keep my account
            </Button>
            <button type="button" onClick={() => ask.mutate()} disabled={ask.isPending} aria-busy={ask.isPending} className={dangerClass}>
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
