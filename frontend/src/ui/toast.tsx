/**
 * The one toast API: `toast({ title, description, variant, action, duration })` from anywhere, one toast
 * on screen at a time (a new one replaces the old), Radix Toast underneath for focus and screen readers.
 */
import * as RadixToast from '@radix-ui/react-toast';
import { useSyncExternalStore } from 'react';
import { cx } from '../lib/class-names';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  action?: ToastAction;
  /** Milliseconds on screen; the spec's default is 2 s, library actions 3 s, cart sync 4–5 s. */
  duration?: number;
}

interface ShownToast extends ToastOptions {
  id: number;
  open: boolean;
}

let current: ShownToast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function toast(options: ToastOptions): void {
  current = { duration: 2000, variant: 'default', ...options, id: nextId++, open: true };
  emit();
}

export function dismissToast(): void {
  if (current) current = { ...current, open: false };
  emit();
}

/** The latest toast, for tests of components that show one. */
export const currentToast = (): ShownToast | null => current;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function Toaster() {
  const shown = useSyncExternalStore(subscribe, () => current, () => null);
  return (
    <RadixToast.Provider swipeDirection="right">
      {shown && (
        <RadixToast.Root
          key={shown.id}
          open={shown.open}
          duration={shown.duration}
          onOpenChange={(open) => !open && dismissToast()}
          data-testid="toast"
          data-variant={shown.variant}
          className={cx(
            'pointer-events-auto flex w-full items-start gap-3 rounded-xl border p-4 shadow-2xl',
            shown.variant === 'destructive' && 'border-red-500/40 bg-red-950 text-red-50',
            shown.variant === 'success' && 'border-emerald-500/40 bg-emerald-950 text-emerald-50',
            shown.variant === 'default' && 'border-zinc-700 bg-zinc-900 text-zinc-50',
          )}
        >
          <div className="min-w-0 flex-1">
            <RadixToast.Title className="font-semibold">{shown.title}</RadixToast.Title>
            {shown.description && <RadixToast.Description className="mt-1 text-sm opacity-90">{shown.description}</RadixToast.Description>}
          </div>
          {shown.action && (
            <RadixToast.Action
              altText={shown.action.label}
              onClick={shown.action.onClick}
              className="shrink-0 rounded-full border border-current px-3 py-1 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              {shown.action.label}
            </RadixToast.Action>
          )}
          <RadixToast.Close aria-label="Dismiss" className="shrink-0 rounded px-1 opacity-70 hover:opacity-100">
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      )}
      <RadixToast.Viewport className="fixed bottom-[calc(9rem+env(safe-area-inset-bottom))] right-4 z-[100] flex w-[min(24rem,calc(100vw-2rem))] flex-col outline-none md:bottom-28" />
    </RadixToast.Provider>
  );
}
