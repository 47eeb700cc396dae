/**
 * /video/{slug}: a shareable video link. It finds the video, then goes to /exclusive?video={id}; a missing
 * video goes to /exclusive?error=video_not_found, any other failure to ?error=server_error.
 */
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { Spinner } from '../../../ui/spinner';
import { videoBySlugQueryOptions } from '../api/get-exclusive';
import { videoSlugFailurePath } from '../membership-messages';

export function VideoSlugPage() {
  useDocumentTitle('Loading video...');
  const { slug = '' } = useParams();
  const video = useQuery(videoBySlugQueryOptions(slug));

  if (video.isError) return <Navigate to={videoSlugFailurePath(video.error)} replace />;
  if (video.data) return <Navigate to={`/exclusive?video=${encodeURIComponent(video.data.id)}`} replace />;
  return (
    <div className="flex flex-col items-center gap-3 py-24 text-zinc-300" data-testid="video-slug-page">
      <Spinner label="Loading video..." />
      <p aria-hidden="true">Loading video...</p>
    </div>
  );
}
