/**
 * A draft track's instrumental: a WAV chosen with the picker is sent straight to the media bucket with the track
 * uploads' progress bar, then attached to the track; an attached one can be removed. The album's download ZIP
 * carries it as `Instrumentals/<title> (Instrumental).wav`.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { serverMessageOf } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast';
import { showChangedRelease, type AdminRelease, type AdminTrack } from '../api/admin-catalogue';
import { attachInstrumental, detachInstrumental, sendFile, startUpload, uploadRules } from '../api/release-uploads';
import { UploadProgress, uploadFailure } from './track-uploads';

const accept = [...uploadRules.instrumental.extensions, ...uploadRules.instrumental.contentTypes].join(',');

export function TrackInstrumental({ releaseId, track }: { releaseId: string; track: AdminTrack }) {
  const queryClient = useQueryClient();
  const [sending, setSending] = useState<{ name: string; progress: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const show = (release: AdminRelease) => showChangedRelease(queryClient, release);

  const attach = async (file: File) => {
    setError(null);
    setSending({ name: file.name, progress: 0 });
    try {
      const form = await startUpload(releaseId, 'instrumental', file);
      await sendFile(form, file, (progress) => setSending({ name: file.name, progress }));
      await show(await attachInstrumental(releaseId, track.id, form.id));
      toast({ title: `Instrumental attached to ${track.title}`, variant: 'success' });
    } catch (failure) {
      const reason = uploadFailure(failure);
      setError(reason);
      toast({ title: `${file.name} was not attached`, description: reason, variant: 'destructive' });
    } finally {
      setSending(null);
    }
  };

  const remove = async () => {
    setRemoving(true);
    try {
      await show(await detachInstrumental(releaseId, track.id));
      toast({ title: `Instrumental removed from ${track.title}` });
    } catch (failure) {
      toast({ title: 'Could not remove the instrumental', description: serverMessageOf(failure) ?? undefined, variant: 'destructive' });
    } finally {
      setRemoving(false);
    }
  };

  if (sending) return <UploadProgress name={sending.name} progress={sending.progress} />;
  if (track.hasInstrumental)
    return (
      <span className="flex items-center gap-1" data-testid="track-instrumental">
        <span className="text-xs font-semibold text-emerald-300">Instrumental attached</span>
        <Button
          variant="ghost"
          className="px-2 py-1.5"
          aria-label={`Remove the instrumental of ${track.title}`}
          disabled={removing}
          onClick={() => void remove()}
        >
          Remove
        </Button>
      </span>
    );
  return (
    <span className="flex flex-wrap items-center gap-2" data-testid="track-instrumental">
      <label className="cursor-pointer rounded-lg px-2 py-1.5 text-sm font-semibold text-zinc-200 focus-within:ring-2 focus-within:ring-accent hover:bg-white/10">
        Attach instrumental
        <input
          type="file"
          accept={accept}
          className="sr-only"
          aria-label={`Attach an instrumental (WAV) to ${track.title}`}
          data-testid="instrumental-file-input"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) void attach(file);
          }}
        />
      </label>
      {error && (
        <span role="alert" className="text-sm text-red-300" data-testid="instrumental-error">
          {error}
        </span>
      )}
    </span>
  );
}
