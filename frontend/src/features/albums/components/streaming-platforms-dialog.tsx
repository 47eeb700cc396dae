/** Where a physical-only album can be heard: its streaming platforms, each opening in a new tab. */
import { ExternalLink } from 'lucide-react';
import { Dialog } from '../../../ui/dialog';
import { PlatformLink } from '../../../ui/platform-icon';
import { externalListenLinks } from '../album-access';
import type { Album } from '#contract/catalogue.js';

export function StreamingPlatformsDialog({ album, open, onClose }: { album: Album; open: boolean; onClose: () => void }) {
  const links = externalListenLinks(album);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Physical Album Only"
      description={
        album.rightsOwner
          ? `The streaming rights to ${album.title} are held by ${album.rightsOwner}, so it plays on other platforms.`
          : `${album.title} cannot be streamed here.`
      }
    >
      {links.length > 0 ? (
        <ul className="mt-5 space-y-2" data-testid="streaming-platforms">
          {links.map((link) => (
            <li key={link.platform}>
              <PlatformLink
                link={link}
                className="flex items-center gap-3 rounded-xl bg-white/5 px-4 py-3 font-semibold text-zinc-50 transition hover:bg-white/10"
                iconClassName="size-5"
              >
                <span className="flex-1">{link.name}</span>
                <ExternalLink aria-hidden="true" className="size-4 text-zinc-300" />
                <span className="sr-only">(opens in a new tab)</span>
              </PlatformLink>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-5 text-sm text-zinc-300">No streaming links are listed for this album yet.</p>
      )}
    </Dialog>
  );
}
