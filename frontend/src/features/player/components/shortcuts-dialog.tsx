/** The keyboard shortcuts of the player, opened with "?". */
import { Dialog } from '../../../ui/dialog';
import { shortcuts } from '../keyboard-shortcuts';

export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Keyboard shortcuts"
      description="Anywhere in the app, except while typing."
    >
      <dl className="mt-5 divide-y divide-white/10" data-testid="shortcuts">
        {shortcuts.map((shortcut) => (
          <div key={shortcut.keys} className="flex items-center justify-between gap-4 py-2.5 text-sm">
            <dt className="text-zinc-200">{shortcut.action}</dt>
            <dd>
              <kbd className="rounded-md border border-white/15 bg-white/5 px-2 py-1 font-mono text-xs text-zinc-50">{shortcut.keys}</kbd>
            </dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
