/** A sign-in step's title and description: the dialog's own title in the modal, a page heading on /auth. */
import type { ReactNode } from 'react';
import { DialogDescription, DialogTitle } from '../../../ui/dialog';
import type { Surface } from '../sign-in-messages';

export function StepHeading({ surface, title, description }: { surface: Surface; title: string; description: ReactNode }) {
  if (surface === 'modal') {
    return (
      <>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </>
    );
  }
  return (
    <>
      <h1 className="text-2xl font-extrabold text-zinc-50">{title}</h1>
      <p className="mt-2 text-sm text-zinc-300">{description}</p>
    </>
  );
}
