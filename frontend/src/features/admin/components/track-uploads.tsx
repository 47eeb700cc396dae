/**
 * Adding tracks to a draft: files chosen with the picker (several at once) or dropped on the zone are sent one after
 * another straight to the media bucket, each with its progress bar. A file that fails keeps its row with the reason
 * and a Retry button, which asks for a new form and sends just that file again. A file that arrived becomes a track
 * of the release (processing, then ready or refused, in the track list).
 */
import { useQueryClient } from '@tanstack/react-query';
import { RotateCcw, Upload, X } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { fieldErrorsOf, serverMessageOf } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast';
import { showChangedRelease } from '../api/admin-catalogue';
import { addTrack, sendFile, startUpload, uploadRules, UploadRefused } from '../api/release-uploads';

interface FileUpload {
  key: number;
  file: File;
  /** 0…1 of the file sent. */
  progress: number;
  state: 'waiting' | 'uploading' | 'failed';
  error: string | null;
}

const accept = [...uploadRules.track.extensions, ...uploadRules.track.contentTypes].join(',');

/** Why an upload failed, in words for its row: the API's message for the file, the bucket's, or the connection's. */
export function uploadFailure(error: unknown): string {
  if (error instanceof UploadRefused) return error.message;
  const fields = fieldErrorsOf(error);
  return fields.contentType ?? fields.size ?? fields.fileName ?? fields.uploadId ?? serverMessageOf(error) ?? 'The upload failed';
}

export function TrackUploads({ releaseId }: { releaseId: string }) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<FileUpload[]>([]);
  const [dragging, setDragging] = useState(false);
  const nextKey = useRef(0);
  // Files go one after another, so tracks are added in the order they were chosen.
  const queue = useRef<Promise<void>>(Promise.resolve());

  const update = (key: number, change: Partial<FileUpload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  const send = async ({ key, file }: Pick<FileUpload, 'key' | 'file'>) => {
    update(key, { state: 'uploading', progress: 0, error: null });
    try {
      const form = await startUpload(releaseId, 'track', file);
      await sendFile(form, file, (progress) => update(key, { progress }));
      const release = await addTrack(releaseId, form.id);
      await showChangedRelease(queryClient, release);
      setUploads((current) => current.filter((upload) => upload.key !== key));
      toast({ title: `${file.name} uploaded`, description: 'It is being processed.', variant: 'success' });
    } catch (error) {
      const reason = uploadFailure(error);
      update(key, { state: 'failed', error: reason });
      toast({ title: `${file.name} was not uploaded`, description: reason, variant: 'destructive' });
    }
  };

  const enqueue = (upload: Pick<FileUpload, 'key' | 'file'>) => {
    queue.current = queue.current.then(() => send(upload));
  };

  const add = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const added = [...files].map((file) => ({ key: nextKey.current++, file, progress: 0, state: 'waiting' as const, error: null }));
    setUploads((current) => [...current, ...added]);
    added.forEach(enqueue);
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };

  return (
    <div className="space-y-3" data-testid="track-uploads">
      <div
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={`flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center sm:flex-row sm:justify-center sm:gap-4 ${
          dragging ? 'border-accent bg-white/5' : 'border-white/15'
        }`}
        data-testid="track-drop-zone"
      >
        <Upload aria-hidden="true" className="size-5 text-zinc-400" />
        <p className="text-sm text-zinc-300">Drop MP3, WAV or FLAC files here (up to 200 MB each), or</p>
        <label className="cursor-pointer rounded-lg bg-white/10 px-3 py-2 text-sm font-semibold text-zinc-50 focus-within:ring-2 focus-within:ring-accent hover:bg-white/15">
          Choose files
          <input
            type="file"
            multiple
            accept={accept}
            className="sr-only"
            data-testid="track-file-input"
            onChange={(event) => {
              add(event.currentTarget.files);
              event.currentTarget.value = '';
            }}
          />
        </label>
      </div>
      {uploads.length > 0 && (
        <ul className="space-y-2" aria-label="Uploads">
          {uploads.map((upload) => (
            <li
              key={upload.key}
              className="flex flex-wrap items-center gap-3 rounded-lg border border-white/10 px-3 py-2"
              data-testid="track-upload"
            >
              <span className="min-w-40 flex-1 truncate text-sm text-zinc-100">{upload.file.name}</span>
              {upload.state === 'failed' ? (
                <>
                  <span role="alert" className="w-full text-sm text-red-300 sm:w-auto sm:flex-1" data-testid="track-upload-error">
                    {upload.error}
                  </span>
                  <Button
                    variant="secondary"
                    className="px-2 py-1.5"
                    onClick={() => enqueue(upload)}
                    data-testid="track-upload-retry"
                    icon={RotateCcw}
                  >
                    Retry
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2 py-1.5"
                    aria-label={`Dismiss ${upload.file.name}`}
                    onClick={() => setUploads((current) => current.filter((u) => u.key !== upload.key))}
                    icon={X}
                  ></Button>
                </>
              ) : (
                <UploadProgress name={upload.file.name} progress={upload.progress} waiting={upload.state === 'waiting'} />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A progress bar with its percentage, for one file being sent. */
export function UploadProgress({ name, progress, waiting = false }: { name: string; progress: number; waiting?: boolean }) {
  const percent = Math.round(progress * 100);
  return (
    <div className="flex w-full items-center gap-3 sm:w-64">
      <div
        role="progressbar"
        aria-label={`Uploading ${name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 flex-1 overflow-hidden rounded-full bg-white/10"
        data-testid="upload-progress"
      >
        <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="w-20 text-right text-xs tabular-nums text-zinc-300">{waiting ? 'Waiting' : `${percent} %`}</span>
    </div>
  );
}
