/**
 * The one toast API: `toast({ title, description, variant, action, duration })` from anywhere, one toast
 * on screen at a time (a new one replaces the old), Radix Toast underneath for focus and screen readers.
 * Radix loads with the first toast, so the first page does not carry it.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';

interface ToastAction {
  label: string;
  onClick: () => void;
}

interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  action?: ToastAction;
  /** Milliseconds on screen: 2 s unless said otherwise; library actions stay 3 s, cart sync 4 s. */
  duration?: number;
}

export interface ShownToast extends ToastOptions {
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

function dismissToast(): void {
  if (current) current = { ...current, open: false };
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const ToastView = lazy(() => import('./toast-view').then((module) => ({ default: module.ToastView })));

export function Toaster() {
  const shown = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ToastView shown={shown} onDismiss={dismissToast} />
    </Suspense>
  );
}
