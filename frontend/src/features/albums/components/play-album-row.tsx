/** An album card's Play Album button beside its access icons, raised above the card's stretched title link. */
import { Play } from 'lucide-react';
import { Button } from '../../../ui/button';
import type { Album } from '#contract/catalogue.js';
import { AlbumAccessIcons } from './album-access-icons';

export function PlayAlbumRow({ album, onPlayAlbum }: { album: Album; onPlayAlbum: (album: Album) => void }) {
  return (
    <div className="mt-1 flex flex-wrap items-center gap-3">
      <Button className="relative z-10" onClick={() => onPlayAlbum(album)}>
        <Play aria-hidden="true" className="size-4 fill-current" />
        Play Album
      </Button>
      <AlbumAccessIcons album={album} />
    </div>
  );
}
