/**
 * What an admin dialog that adds or edits one thing (an artist, a video) does on Save: the create or the change
 * mutation, a toast either way, the form's field errors, and the footer with its Cancel and Save buttons.
 */
import { fieldErrorsOf, serverMessageOf } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { FormAlert } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';

interface SaveMutation<Variables, Item> {
  isPending: boolean;
  error: unknown;
  mutate: (variables: Variables, handlers: { onSuccess: (saved: Item) => void; onError: (failure: unknown) => void }) => void;
}

export interface EditorSave<Input> {
  pending: boolean;
  error: unknown;
  errors: Readonly<Record<string, string>>;
  save: (input: Input) => void;
}

export function useEditorSave<Item extends { id: string }, Input extends object>(options: {
  /** The thing being edited, or null for a new one. */
  item: Item | null;
  create: SaveMutation<Input, Item>;
  change: SaveMutation<Input & { id: string }, Item>;
  /** 'Artist': the toast says "Artist added" or "Artist saved". */
  noun: string;
  nameOf: (saved: Item) => string;
  onClose: () => void;
}): EditorSave<Input> {
  const { item, create, change, noun, nameOf, onClose } = options;
  const error = item ? change.error : create.error;
  const save = (input: Input) => {
    const handlers = {
      onSuccess: (saved: Item) => {
        toast({ title: item ? `${noun} saved` : `${noun} added`, description: nameOf(saved), variant: 'success' });
        onClose();
      },
      onError: (failure: unknown) =>
        toast({ title: 'Not saved', description: serverMessageOf(failure) ?? undefined, variant: 'destructive' }),
    };
    if (item) change.mutate({ id: item.id, ...input }, handlers);
    else create.mutate(input, handlers);
  };
  return { pending: create.isPending || change.isPending, error, errors: fieldErrorsOf(error), save };
}

/** The form's last lines: a failure no field names, then Cancel and Save. */
export function EditorFooter({ state, submitLabel, onCancel }: { state: EditorSave<never>; submitLabel: string; onCancel: () => void }) {
  return (
    <>
      {state.error && !Object.keys(state.errors).length ? (
        <FormAlert title="Not saved" description={serverMessageOf(state.error) ?? undefined} />
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={state.pending}>
          {state.pending ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </>
  );
}
