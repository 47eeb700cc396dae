/** What a page shows while its code is still on the way. */
import { Skeleton } from '../ui/skeleton';

export function PageSkeleton() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-10 w-1/2" />
      <Skeleton className="h-48 w-full" />
      <Skeleton className="h-6 w-2/3" />
    </div>
  );
}
