/** /library: the listener's library, wired to the player and the app's upgrade action. */
import { LibraryPage } from '../../features/library/components/library-page';
import { useSongPlayback } from '../song-playback';
import { useUpgrade } from '../use-upgrade';

export function LibraryRoute() {
  return <LibraryPage playback={useSongPlayback()} onUpgrade={useUpgrade()} />;
}
