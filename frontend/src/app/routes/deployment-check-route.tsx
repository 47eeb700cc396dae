/** /deployment-check: the deployment status, with quick tests that load the featured album's artwork and first track. */
import { useQueryClient } from '@tanstack/react-query';
import { albumsQueryOptions } from '../../features/albums/api/get-albums';
import { albumTracksQueryOptions } from '../../features/albums/api/get-album-tracks';
import { DeploymentCheck, type QuickTests } from '../../features/platform/components/deployment-check';
import { useDocumentTitle } from '../../lib/document-title';

const MEDIA_TEST_TIMEOUT_MS = 10_000;

/** Resolves once `load` reports success, rejects on failure or after 10 s. */
function withTimeout(load: (resolve: () => void, reject: () => void) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The media did not load within 10 s')), MEDIA_TEST_TIMEOUT_MS);
    load(
      () => {
        clearTimeout(timer);
        resolve();
      },
      () => {
        clearTimeout(timer);
        reject(new Error('The media failed to load'));
      },
    );
  });
}

function useQuickTests(): QuickTests {
  const queryClient = useQueryClient();
  const firstAlbum = async () => (await queryClient.fetchQuery(albumsQueryOptions())).find((album) => !album.isDummyAlbum) ?? null;

  return {
    testImage: () => {
      void (async () => {
        const album = await firstAlbum().catch(() => null);
        if (!album?.artwork) return window.alert('❌ Image test: no album artwork to load.');
        const url = album.artwork;
        await withTimeout((loaded, failed) => {
          const image = new Image();
          image.onload = loaded;
          image.onerror = failed;
          image.src = `${url}${url.includes('?') ? '&' : '?'}check=${Date.now()}`;
        }).then(
          () => window.alert(`✅ Image loaded successfully: ${url}`),
          () => window.alert(`❌ Image failed to load: ${url}`),
        );
      })();
    },
    testAudio: () => {
      void (async () => {
        const album = await firstAlbum().catch(() => null);
        const tracks = album ? await queryClient.fetchQuery(albumTracksQueryOptions(album.id)).catch(() => null) : null;
        const url = tracks?.tracks.find((track) => track.audioUrl)?.audioUrl;
        if (!url) return window.alert('❌ Audio test: no playable track to load.');
        await withTimeout((loaded, failed) => {
          const audio = new Audio();
          audio.preload = 'metadata';
          audio.onloadedmetadata = loaded;
          audio.onerror = failed;
          audio.src = url;
        }).then(
          () => window.alert(`✅ Audio loaded successfully: ${url}`),
          () => window.alert(`❌ Audio failed to load: ${url}`),
        );
      })();
    },
  };
}

export function DeploymentCheckRoute() {
  useDocumentTitle('Deployment Status');
  return <DeploymentCheck quickTests={useQuickTests()} />;
}
