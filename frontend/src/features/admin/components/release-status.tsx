/** A release's state as a coloured pill, the same on the board and in the editor. */
import { cx } from '../../../lib/class-names';
import type { ReleaseStatus } from '../api/admin-catalogue';

export const statusLabels: Record<ReleaseStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  live: 'Live',
  unpublished: 'Unpublished',
};

const tones: Record<ReleaseStatus, string> = {
  draft: 'bg-white/10 text-zinc-100',
  scheduled: 'bg-sky-500/20 text-sky-100',
  live: 'bg-emerald-500/20 text-emerald-100',
  unpublished: 'bg-amber-500/20 text-amber-100',
};

export function ReleaseStatusBadge({ status }: { status: ReleaseStatus }) {
  return (
    <span className={cx('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[status])} data-testid="release-status">
      {statusLabels[status]}
    </span>
  );
}
