/**
 * The download button of one bought album: "Download ZIP", "Preparing…" while a fresh signed link is fetched,
 * a disabled "Download Pending" while the ZIP is being built, and "Download Not Available" (with a toast
 * that says why) when there is nothing to download. Used by the Downloads tab, /purchases, the checkout success page
 * and the cart dialog's success step.
 */
import { Clock, Download, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../../../ui/button';
import { toast } from '../../../ui/toast';
import {
  DOWNLOAD_NOT_AVAILABLE,
  DOWNLOAD_PENDING,
  downloadNotAvailableText,
  downloadPendingText,
  downloadReadiness,
  resolveDownload,
  startDownload,
  type DownloadableAlbum,
} from '../album-download';
import { useFreshDownloadLinks } from '../api/fresh-download-links';
import { useCachedPurchasedAlbum } from '../api/get-purchased-albums';

type ButtonState = 'idle' | 'preparing' | 'pending' | 'unavailable';

interface DownloadAlbumButtonProps {
  album: DownloadableAlbum;
  /** The idle label: "Download ZIP" on the lists, "Download" in the cart dialog. */
  label?: string;
  variant?: 'primary' | 'secondary';
  className?: string;
}

export function DownloadAlbumButton({ album, label = 'Download ZIP', variant = 'primary', className }: DownloadAlbumButtonProps) {
  const [clicked, setClicked] = useState<Exclude<ButtonState, 'idle'> | null>(null);
  const ready = downloadReadiness(album, useCachedPurchasedAlbum(album.albumId));
  const freshLinks = useFreshDownloadLinks();

  // The latest list wins over an older click: a ZIP that was pending may be ready now.
  const state: ButtonState =
    clicked === 'preparing'
      ? 'preparing'
      : ready === true
        ? 'idle'
        : ready === false || clicked === 'pending'
          ? 'pending'
          : (clicked ?? 'idle');

  const download = async () => {
    setClicked('preparing');
    const resolution = resolveDownload(album, await freshLinks());
    if (resolution.kind === 'ready') {
      startDownload(resolution.url);
      setClicked(null);
    } else if (resolution.kind === 'pending') {
      setClicked('pending');
      toast({ title: DOWNLOAD_PENDING, description: downloadPendingText(album.title), duration: 4000 });
    } else {
      setClicked('unavailable');
      toast({ variant: 'destructive', title: DOWNLOAD_NOT_AVAILABLE, description: downloadNotAvailableText(album.title), duration: 4000 });
    }
  };

  const { Icon, text } = {
    idle: { Icon: Download, text: label },
    preparing: { Icon: LoaderCircle, text: 'Preparing…' },
    pending: { Icon: Clock, text: DOWNLOAD_PENDING },
    unavailable: { Icon: TriangleAlert, text: DOWNLOAD_NOT_AVAILABLE },
  }[state];

  return (
    <button
      type="button"
      className={buttonClass(state === 'idle' ? variant : 'secondary', className)}
      disabled={state === 'preparing' || state === 'pending'}
      aria-busy={state === 'preparing'}
      aria-label={state === 'idle' ? `${label}: ${album.title}` : `${text}: ${album.title}`}
      data-testid="download-album-button"
      data-album-id={album.albumId}
      data-state={state}
      onClick={() => void download()}
    >
      <Icon aria-hidden="true" className={state === 'preparing' ? 'size-4 animate-spin' : 'size-4'} />
      {text}
    </button>
  );
}
