/**
 * The streaming-platforms modal of a dummy album (its rights are held elsewhere): opened from anywhere with
 * `openStreamingPlatforms(album)`, shown by the one `<StreamingPlatformsHost />` of the app shell.
 */
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import type { Album } from '#contract/catalogue.js';

let shown: Album | null = null;
const listeners = new Set<() => void>();

export function openStreamingPlatforms(album: Album): void {
  shown = album;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const StreamingPlatformsDialog = lazy(() =>
  import('./streaming-platforms-dialog').then((module) => ({ default: module.StreamingPlatformsDialog })),
);

export function StreamingPlatformsHost() {
  const album = useSyncExternalStore(
    subscribe,
    () => shown,
    () => null,
  );
  // Kept after closing so the dialog can play its closing animation with its content.
  const [open, setOpen] = useState<Album | null>(null);
  if (album && album !== open) setOpen(album);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <StreamingPlatformsDialog
        album={open}
        open={album !== null}
        onClose={() => {
          shown = null;
          listeners.forEach((listener) => listener());
        }}
      />
    </Suspense>
  );
}
