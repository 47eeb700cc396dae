/**
 * An artist's avatar and header in the edit dialog: each shown as it is now, replaced by choosing a picture, cropping
 * it in the account's crop dialog (a circle for the avatar, a 3:1 band for the header) and uploading the crop at once.
 */
import { ImageUp } from 'lucide-react';
import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { fieldErrorsOf, serverMessageOf } from '../../../lib/http';
import { Artwork } from '../../../ui/artwork';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast';
import { AvatarCropDialog, checkAvatarFile, type CropShape } from '../../account';
import type { AdminArtist } from '../api/admin-catalogue';
import { useUploadArtistImage, type ArtistImage } from '../api/artist-images';

const headerShape: CropShape = {
  aspect: 3,
  outputWidth: 1500,
  round: false,
  viewport: 400,
  title: 'Crop the header',
  description: 'Drag the picture to place it, and zoom to frame it. The artist page shows it as a wide band, three times as wide as high.',
  saveLabel: 'Save Header',
  alt: 'The new header',
};

const labels: Record<ArtistImage, string> = { avatar: 'Avatar', header: 'Header' };

export function ArtistImages({ artist }: { artist: AdminArtist }) {
  const upload = useUploadArtistImage();
  // The crop dialog stays mounted and opens while there is a file, so that closing it hands focus back as a dialog should.
  const [file, setFile] = useState<File | null>(null);
  const [image, setImage] = useState<ArtistImage>('avatar');
  const inputs = { avatar: useRef<HTMLInputElement>(null), header: useRef<HTMLInputElement>(null) };
  // The answer of the last upload is the artist as it now is (the dialog's `artist` is the list row it opened with).
  const current = upload.data ?? artist;
  const errors = fieldErrorsOf(upload.error);

  const choose = (kind: ArtistImage) => (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const problem = checkAvatarFile(chosen);
    if (problem) toast({ variant: 'destructive', ...problem });
    else {
      setImage(kind);
      setFile(chosen);
    }
  };

  const save = (picture: Blob) =>
    upload.mutate(
      { artistId: artist.id, image, picture },
      {
        onSuccess: () => {
          toast({ title: `${labels[image]} updated`, description: artist.name, variant: 'success' });
          setFile(null);
        },
        onError: (error) => {
          toast({ title: `${labels[image]} not saved`, description: serverMessageOf(error) ?? undefined, variant: 'destructive' });
          setFile(null);
        },
      },
    );

  const tile = (kind: ArtistImage, preview: ReactNode) => (
    <div className="space-y-2">
      <p className="text-sm font-medium text-zinc-200">{labels[kind]}</p>
      {preview}
      <input
        ref={inputs[kind]}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`artist-${kind}-input`}
        onChange={choose(kind)}
      />
      <Button
        variant="secondary"
        className="px-3 py-1.5"
        onClick={() => inputs[kind].current?.click()}
        disabled={upload.isPending}
        icon={ImageUp}
      >
        Change {kind}
      </Button>
      {errors[kind] && <p className="text-sm text-red-300">{errors[kind]}</p>}
    </div>
  );

  return (
    <div className="mt-4 grid gap-4 sm:grid-cols-[auto_1fr]" data-testid="artist-images">
      {tile(
        'avatar',
        <div data-testid="artist-avatar-preview" data-src={current.avatar ?? ''}>
          <Artwork src={current.avatar} alt={`${artist.name}’s avatar`} kind="artist" size={80} className="w-20" />
        </div>,
      )}
      {tile(
        'header',
        <div
          className="aspect-[3/1] w-full max-w-xs overflow-hidden rounded-lg bg-zinc-800"
          data-testid="artist-header-preview"
          data-src={current.headerImage ?? ''}
        >
          {current.headerImage && <img src={current.headerImage} alt={`${artist.name}’s header`} className="size-full object-cover" />}
        </div>,
      )}
      <AvatarCropDialog
        file={file}
        saving={upload.isPending}
        onCancel={() => setFile(null)}
        onSave={save}
        shape={image === 'header' ? headerShape : undefined}
      />
    </div>
  );
}
