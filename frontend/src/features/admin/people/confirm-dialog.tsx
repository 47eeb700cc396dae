/**
 * A question before an action that cannot simply be undone (block, refund, the admin role): what will happen, the
 * fields it needs if any, the server's refusal in words beside them, and the one button that does it.
 */
import type { FormEvent, ReactNode } from 'react';
import { serverMessageOf } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { FormAlert } from '../../../ui/text-field';

export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  pending,
  error,
  showError = true,
  onConfirm,
  onClose,
  children,
  testId,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  pending: boolean;
  /** The last failure; shown as an alert unless a field already shows it (`showError` false). */
  error: unknown;
  showError?: boolean;
  /** Gets the submitted form, for dialogs with fields. */
  onConfirm: (form: FormData) => void;
  onClose: () => void;
  children?: ReactNode;
  testId?: string;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onConfirm(new FormData(event.currentTarget));
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={description}>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4" data-testid={testId}>
        {children}
        {Boolean(error) && showError && <FormAlert title="That did not work" description={serverMessageOf(error) ?? undefined} />}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Working…' : confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
