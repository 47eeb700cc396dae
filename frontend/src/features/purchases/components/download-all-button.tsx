/**
 * "Download All": one fresh read of the links, then every ready ZIP starts at once. Albums whose ZIP is still
 * being built, or that have nothing to download, are named in a toast, so none is skipped silently.
 */
import { Download, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../../../ui/button';
import { toast } from '../../../ui/toast';
import {
  DOWNLOAD_NOT_AVAILABLE,
  DOWNLOAD_PENDING,
  downloadNotAvailableText,
  downloadPendingText,
  resolveDownload,
  startDownload,
  type DownloadableAlbum,
} from '../album-download';
import { useFreshDownloadLinks } from '../api/fresh-download-links';

interface DownloadAllButtonProps {
  albums: DownloadableAlbum[];
  /** "Download All" in the cart dialog, "Download All Albums" on the checkout success page. */
  label?: string;
  variant?: 'primary' | 'secondary';
  className?: string;
}

const titles = (albums: DownloadableAlbum[]) => albums.map((album) => album.title).join(', ');

export function DownloadAllButton({ albums, label = 'Download All', variant = 'primary', className }: DownloadAllButtonProps) {
  const [preparing, setPreparing] = useState(false);
  const freshLinks = useFreshDownloadLinks();

  const downloadAll = async () => {
    setPreparing(true);
    const purchased = await freshLinks();
    const resolved = albums.map((album) => ({ album, resolution: resolveDownload(album, purchased) }));
    setPreparing(false);
    for (const { resolution } of resolved) if (resolution.kind === 'ready') startDownload(resolution.url);
    const unavailable = resolved.filter(({ resolution }) => resolution.kind === 'unavailable').map(({ album }) => album);
    const pending = resolved.filter(({ resolution }) => resolution.kind === 'pending').map(({ album }) => album);
    if (unavailable.length) {
      toast({
        variant: 'destructive',
        title: DOWNLOAD_NOT_AVAILABLE,
        description: downloadNotAvailableText(titles(unavailable)),
        duration: 5000,
      });
    } else if (pending.length) {
      toast({ title: DOWNLOAD_PENDING, description: downloadPendingText(titles(pending)), duration: 5000 });
    }
  };

  return (
    <button
      type="button"
      className={buttonClass(variant, className)}
      disabled={preparing || albums.length === 0}
      aria-busy={preparing}
      data-testid="download-all-button"
      onClick={() => void downloadAll()}
    >
      {preparing ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Download aria-hidden="true" className="size-4" />}
      {preparing ? 'Preparing…' : label}
    </button>
  );
}
