/**
 * How a bought album's ZIP reaches the listener: a fresh signed link is asked for at the moment of the click
 * (links live 15 minutes), and the browser fetches it in a hidden frame, so the page stays where it is and
 * several albums can download at once.
 */
import type { PurchasedAlbum } from '#contract/commerce.js';

/** An album a download button stands for; `downloadUrl` is a link already known (say, from the checkout result). */
export interface DownloadableAlbum {
  albumId: string;
  title: string;
  downloadUrl?: string | null;
}

type DownloadResolution = { kind: 'ready'; url: string } | { kind: 'pending' } | { kind: 'unavailable' };

/**
 * What the fresh list says of one album: its link, its ZIP still being built, or nothing to download. An album
 * missing from the list (a purchase the list has not caught up with yet) falls back on the link already known.
 */
export function resolveDownload(album: DownloadableAlbum, purchased: PurchasedAlbum[] | null): DownloadResolution {
  const listed = purchased?.find((entry) => entry.albumId === album.albumId);
  if (listed) return listed.shopifyZipUrl ? { kind: 'ready', url: listed.shopifyZipUrl } : { kind: 'pending' };
  if (album.downloadUrl) return { kind: 'ready', url: album.downloadUrl };
  if (album.downloadUrl === null) return { kind: 'pending' };
  return { kind: 'unavailable' };
}

/** Whether the album's ZIP can be fetched now (true), is still being built (false), or is not known (undefined). */
export function downloadReadiness(album: DownloadableAlbum, listed: PurchasedAlbum | undefined): boolean | undefined {
  if (listed) return Boolean(listed.shopifyZipUrl);
  return album.downloadUrl === undefined ? undefined : Boolean(album.downloadUrl);
}

/** The frame is kept long enough for the storage answer to arrive; the download then carries on without it. */
const FRAME_LIFETIME_MS = 60_000;

export function startDownload(url: string): void {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = 'Album download';
  frame.src = url;
  document.body.append(frame);
  window.setTimeout(() => frame.remove(), FRAME_LIFETIME_MS);
}

export const DOWNLOAD_NOT_AVAILABLE = 'Download Not Available';
export const downloadNotAvailableText = (title: string) => `Download for ${title} is not available yet. Please contact support.`;
export const DOWNLOAD_PENDING = 'Download Pending';
export const downloadPendingText = (title: string) =>
  `The ZIP of ${title} is still being prepared. It will be ready here in a few minutes.`;
