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
  const [cropping, setCropping] = useState<{ image: ArtistImage; file: File } | null>(null);
  const inputs = { avatar: useRef<HTMLInputElement>(null), header: useRef<HTMLInputElement>(null) };
  // The answer of the last upload is the artist as it now is (the dialog's `artist` is the list row it opened with).
  const current = upload.data ?? artist;
  const errors = fieldErrorsOf(upload.error);

  const choose = (image: ArtistImage) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkAvatarFile(file);
    if (problem) toast({ variant: 'destructive', ...problem });
    else setCropping({ image, file });
  };

  const save = (picture: Blob) => {
    if (!cropping) return;
    const { image } = cropping;
    upload.mutate(
      { artistId: artist.id, image, picture },
      {
        onSuccess: () => {
          toast({ title: `${labels[image]} updated`, description: artist.name, variant: 'success' });
          setCropping(null);
        },
        onError: (error) => {
          toast({ title: `${labels[image]} not saved`, description: serverMessageOf(error) ?? undefined, variant: 'destructive' });
          setCropping(null);
        },
      },
    );
  };

  const tile = (image: ArtistImage, preview: ReactNode) => (
    <div className="space-y-2">
      <p className="text-sm font-medium text-zinc-200">{labels[image]}</p>
      {preview}
      <input
        ref={inputs[image]}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`artist-${image}-input`}
        onChange={choose(image)}
      />
      <Button variant="secondary" className="px-3 py-1.5" onClick={() => inputs[image].current?.click()} disabled={upload.isPending}>
        <ImageUp aria-hidden="true" className="size-4" />
        Change {image}
      </Button>
      {errors[image] && <p className="text-sm text-red-300">{errors[image]}</p>}
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
      {cropping && (
        <AvatarCropDialog
          file={cropping.file}
          saving={upload.isPending}
          onCancel={() => setCropping(null)}
          onSave={save}
          shape={cropping.image === 'header' ? headerShape : undefined}
        />
      )}
    </div>
  );
}
