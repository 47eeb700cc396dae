/**
 * A modal dialog on Radix: focus is trapped inside, Escape and the close button dismiss it. Give it a title
 * and description, or leave them out and render `DialogTitle`/`DialogDescription` inside (dialogs whose
 * heading changes with their step).
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../lib/class-names';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title?: string;
  description?: string;
  /** `md` for forms, `lg` for lists. */
  size?: 'md' | 'lg';
  children?: ReactNode;
}

export function Dialog({ open, onOpenChange, title, description, size = 'md', children }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <RadixDialog.Content
          className={cx(
            'fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-white/10 bg-zinc-900 p-6 shadow-2xl',
            size === 'md' ? 'max-w-md' : 'max-w-lg',
          )}
        >
          {title !== undefined && <DialogTitle>{title}</DialogTitle>}
          {description !== undefined && <DialogDescription>{description}</DialogDescription>}
          {children}
          <RadixDialog.Close
            aria-label="Close"
            className="absolute right-4 top-4 inline-flex size-8 items-center justify-center rounded-full text-zinc-300 hover:bg-white/10 hover:text-white"
          >
            <X aria-hidden="true" className="size-4" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export function DialogTitle({ children }: { children: ReactNode }) {
  return <RadixDialog.Title className="pr-8 text-xl font-bold text-zinc-50">{children}</RadixDialog.Title>;
}

export function DialogDescription({ children }: { children: ReactNode }) {
  return <RadixDialog.Description className="mt-2 text-sm text-zinc-300">{children}</RadixDialog.Description>;
}
