/** What `toast()` shows: Radix Toast, loaded with the first toast of the visit (see ./toast). */
import * as RadixToast from '@radix-ui/react-toast';
import { cx } from '../lib/class-names';
import type { ShownToast } from './toast';

export function ToastView({ shown, onDismiss }: { shown: ShownToast; onDismiss: () => void }) {
  return (
    <RadixToast.Provider swipeDirection="right">
      <RadixToast.Root
        key={shown.id}
        open={shown.open}
        duration={shown.duration}
        onOpenChange={(open) => !open && onDismiss()}
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
      <RadixToast.Viewport className="fixed bottom-[calc(9rem+env(safe-area-inset-bottom))] right-4 z-[100] flex w-[min(24rem,calc(100vw-2rem))] flex-col outline-none md:bottom-28" />
    </RadixToast.Provider>
  );
}
