/**
 * The label's exclusive videos: all of them, sortable by title or date; add one or edit one (title, description, a
 * YouTube link or video id, and who may watch it), each refused value shown beside its field; hide one from listeners
 * and show it again, or delete one after a confirmation.
 */
import { useQuery } from '@tanstack/react-query';
import { Clapperboard } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { brand } from '../../../lib/brand';
import { formatReleaseDate } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { SelectField } from '../../../ui/field';
import { TextField } from '../../../ui/text-field';
import type { AdminVideo, VideoInput } from '../api/admin-catalogue';
import { adminVideosQueryOptions, useChangeVideo, useCreateVideo, useDeleteVideo, useHideVideo } from '../api/admin-videos';
import { serverMessageOf } from '../../../lib/http';
import { toast } from '../../../ui/toast';
import { ConfirmDialog } from '../people/confirm-dialog';
import { DataTable, type Column } from '../table/data-table';
import type { SortState } from '../table/table-sort';
import { AdminListPage } from './admin-page';
import { EditorFooter, useEditorSave } from './editor-save';
import { TextAreaField } from './fields';
import { formText } from './form-text';

const tierLabels: Record<AdminVideo['requiredTier'], string> = { toko_plus: `${brand.productPlus} members`, free: 'Everyone' };

/** The whole list is loaded, so it sorts here: by title, or newest first. */
function sortVideos(videos: AdminVideo[], sort: SortState | null): AdminVideo[] {
  const sign = sort?.direction === 'desc' ? -1 : 1;
  if (sort?.key === 'title') return [...videos].sort((a, b) => sign * a.title.localeCompare(b.title));
  return [...videos].sort((a, b) => sign * a.publishedAt.localeCompare(b.publishedAt) || a.title.localeCompare(b.title));
}

export function VideosPage() {
  const videos = useQuery(adminVideosQueryOptions());
  const [sort, setSort] = useState<SortState | null>({ key: 'published', direction: 'desc' });
  const [editing, setEditing] = useState<AdminVideo | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminVideo | null>(null);
  const rows = useMemo(() => sortVideos(videos.data?.videos ?? [], sort), [videos.data, sort]);

  const columns: Column<AdminVideo>[] = [
    { key: 'title', header: 'Title', sortFirst: 'asc', cell: (video) => <span className="font-semibold text-zinc-50">{video.title}</span> },
    { key: 'tier', header: 'Who may watch', cell: (video) => tierLabels[video.requiredTier] },
    {
      key: 'youtube',
      header: 'YouTube',
      cell: (video) => (
        <a
          href={`https://www.youtube.com/watch?v=${video.youtubeVideoId}`}
          target="_blank"
          rel="noreferrer"
          className="font-mono text-accent underline-offset-2 hover:underline"
        >
          {video.youtubeVideoId}
        </a>
      ),
    },
    { key: 'published', header: 'Published', sortFirst: 'desc', cell: (video) => formatReleaseDate(video.publishedAt) },
    { key: 'state', header: 'State', cell: (video) => (video.hidden ? 'Hidden' : 'Shown') },
    {
      key: 'actions',
      header: 'Actions',
      cell: (video) => (
        <div className="flex gap-1">
          <Button variant="ghost" className="px-2 py-1.5" onClick={() => setEditing(video)} aria-label={`Edit ${video.title}`}>
            Edit
          </Button>
          <HideButton video={video} />
          <Button variant="ghost" className="px-2 py-1.5" onClick={() => setDeleting(video)} aria-label={`Delete ${video.title}`}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <AdminListPage title="Videos" addLabel="New video" onAdd={() => setEditing('new')} addTestId="new-video">
      <DataTable
        caption="Videos"
        testId="videos-table"
        columns={columns}
        rows={rows}
        source={videos}
        empty={{ icon: Clapperboard, title: 'No videos yet', children: `Add the first video for ${brand.productPlus} members.` }}
        sort={sort}
        onSortChange={setSort}
      />
      {editing && <VideoDialog video={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteDialog video={deleting} onClose={() => setDeleting(null)} />}
    </AdminListPage>
  );
}

function VideoDialog({ video, onClose }: { video: AdminVideo | null; onClose: () => void }) {
  const state = useEditorSave({
    item: video,
    create: useCreateVideo(),
    change: useChangeVideo(),
    noun: 'Video',
    nameOf: (saved) => saved.title,
    onClose,
  });
  const { errors } = state;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input: VideoInput = {
      title: formText(form, 'title'),
      description: formText(form, 'description') || null,
      youtube: formText(form, 'youtube'),
      requiredTier: formText(form, 'requiredTier') === 'free' ? 'free' : 'toko_plus',
    };
    state.save(input);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={video ? `Edit ${video.title}` : 'New video'} size="lg">
      <form onSubmit={submit} noValidate className="mt-4 space-y-4" data-testid="video-form">
        <TextField label="Title" name="title" defaultValue={video?.title ?? ''} error={errors.title} required />
        <TextAreaField label="Description" name="description" defaultValue={video?.description ?? ''} error={errors.description} />
        <TextField
          label="YouTube link or video id"
          name="youtube"
          placeholder="https://www.youtube.com/watch?v=…"
          defaultValue={video ? `https://www.youtube.com/watch?v=${video.youtubeVideoId}` : ''}
          error={errors.youtube}
          required
        />
        <SelectField
          label="Who may watch"
          name="requiredTier"
          defaultValue={video?.requiredTier ?? 'toko_plus'}
          error={errors.requiredTier}
        >
          <option value="toko_plus">{tierLabels.toko_plus}</option>
          <option value="free">{tierLabels.free}</option>
        </SelectField>
        <EditorFooter state={state} submitLabel={video ? 'Save video' : 'Add video'} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** Hiding takes nothing away for good (the video can be shown again), so it asks no confirmation. */
function HideButton({ video }: { video: AdminVideo }) {
  const hide = useHideVideo();
  const label = video.hidden ? 'Show' : 'Hide';
  return (
    <Button
      variant="ghost"
      className="px-2 py-1.5"
      disabled={hide.isPending}
      aria-label={`${label} ${video.title}`}
      onClick={() =>
        hide.mutate(
          { id: video.id, hide: !video.hidden },
          {
            onSuccess: (saved) =>
              toast({
                title: saved.hidden ? `${saved.title} hidden` : `${saved.title} shown`,
                description: saved.hidden ? 'Listeners no longer find it.' : 'Listeners find it again.',
              }),
            onError: (error) =>
              toast({
                title: `Not ${video.hidden ? 'shown' : 'hidden'}`,
                description: serverMessageOf(error) ?? undefined,
                variant: 'destructive',
              }),
          },
        )
      }
    >
      {label}
    </Button>
  );
}

function DeleteDialog({ video, onClose }: { video: AdminVideo; onClose: () => void }) {
  const remove = useDeleteVideo();
  return (
    <ConfirmDialog
      title={`Delete ${video.title}?`}
      description="It leaves the listeners' videos and this list for good, and its link stops working. To take it away for a while, hide it instead."
      confirmLabel="Delete video"
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() =>
        remove.mutate(video.id, {
          onSuccess: () => {
            toast({ title: `${video.title} deleted` });
            onClose();
          },
        })
      }
      onClose={onClose}
      testId="delete-video"
    />
  );
}
