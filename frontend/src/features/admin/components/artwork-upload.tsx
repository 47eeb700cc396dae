/**
 * A draft's artwork: the cover as the app serves it, and a JPEG or PNG to replace it, previewed while it is sent
 * (with its progress) and resized by the server to the served size. A refused image keeps the old cover and says why.
 */
import { useQueryClient } from '@tanstack/react-query';
import { ImageUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../../ui/toast';
import { showChangedRelease, type AdminRelease } from '../api/admin-catalogue';
import { sendFile, setArtwork, startUpload, uploadRules } from '../api/release-uploads';
import { UploadProgress, uploadFailure } from './track-uploads';

const accept = [...uploadRules.artwork.extensions, ...uploadRules.artwork.contentTypes].join(',');

export function ArtworkUpload({ release }: { release: AdminRelease }) {
  const queryClient = useQueryClient();
  const [sending, setSending] = useState<{ file: File; preview: string; progress: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editable = release.status === 'draft' || release.status === 'scheduled';

  // The preview's object URL lives as long as the upload it shows.
  useEffect(() => () => (sending ? URL.revokeObjectURL(sending.preview) : undefined), [sending]);

  const upload = async (file: File) => {
    setError(null);
    setSending({ file, preview: URL.createObjectURL(file), progress: 0 });
    try {
      const form = await startUpload(release.id, 'artwork', file);
      await sendFile(form, file, (progress) => setSending((current) => current && { ...current, progress }));
      const saved = await setArtwork(release.id, form.id);
      await showChangedRelease(queryClient, saved);
      toast({ title: 'Artwork saved', variant: 'success' });
    } catch (failure) {
      const reason = uploadFailure(failure);
      setError(reason);
      toast({ title: 'The artwork was not saved', description: reason, variant: 'destructive' });
    } finally {
      setSending(null);
    }
  };

  const shown = sending?.preview ?? release.artwork;
  return (
    <section aria-labelledby="release-artwork" className="space-y-3" data-testid="release-artwork">
      <h2 id="release-artwork" className="text-lg font-bold text-zinc-50">
        Artwork
      </h2>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="flex size-40 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-white/10 bg-zinc-900">
          {shown ? (
            <img src={shown} alt={`Artwork of ${release.title}`} className="size-full object-cover" data-testid="artwork-preview" />
          ) : (
            <ImageUp aria-hidden="true" className="size-8 text-zinc-500" />
          )}
        </div>
        <div className="flex-1 space-y-2">
          {editable && (
            <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg bg-white/10 px-3 py-2 text-sm font-semibold text-zinc-50 focus-within:ring-2 focus-within:ring-accent hover:bg-white/15">
              {release.artwork ? 'Replace the artwork' : 'Upload artwork'}
              <input
                type="file"
                accept={accept}
                className="sr-only"
                disabled={sending !== null}
                data-testid="artwork-file-input"
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  event.currentTarget.value = '';
                  if (file) void upload(file);
                }}
              />
            </label>
          )}
          <p className="text-sm text-zinc-400">JPEG or PNG, at least 300 × 300 pixels, up to 20 MB. It is cropped to a square.</p>
          {sending && <UploadProgress name={sending.file.name} progress={sending.progress} />}
          {error && (
            <p role="alert" className="text-sm text-red-300" data-testid="artwork-error">
              {error}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
