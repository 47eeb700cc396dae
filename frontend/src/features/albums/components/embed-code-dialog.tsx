/** "Embed": the frame code of the album's player for another site, full size or compact, copied with one button. */
import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
import type { Album } from '#contract/catalogue.js';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { toast } from '../../../ui/toast';
import { albumEmbedCode, albumEmbedHeight } from '../album-embed';

export function EmbedCodeDialog({ album, open, onOpenChange }: { album: Album; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [compact, setCompact] = useState(false);
  const codeId = useId();
  const code = albumEmbedCode(window.location.origin, album, compact);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast({ title: 'Embed code copied!', description: `Paste it into your site to show “${album.title}”.` });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Could not copy the embed code',
        description: 'Select the code and copy it yourself.',
        duration: 5000,
      });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title="Embed this album"
      description={`Show “${album.title}” with its player on your own site or blog.`}
    >
      <div className="mt-5 space-y-4" data-testid="embed-code">
        <label htmlFor={codeId} className="block text-sm font-semibold text-zinc-100">
          Embed code
        </label>
        <textarea
          id={codeId}
          readOnly
          rows={4}
          value={code}
          onFocus={(event) => event.currentTarget.select()}
          className="w-full resize-none rounded-lg border border-white/10 bg-zinc-950 p-3 font-mono text-xs text-zinc-200"
        />
        <label className="flex items-center gap-2 text-sm text-zinc-200">
          <input
            type="checkbox"
            checked={compact}
            onChange={(event) => setCompact(event.target.checked)}
            className="size-4 accent-accent"
          />
          Compact player ({albumEmbedHeight(true)} px high instead of {albumEmbedHeight(false)} px)
        </label>
        <div className="flex justify-end">
          <Button icon={Copy} onClick={() => void copy()}>
            Copy embed code
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
