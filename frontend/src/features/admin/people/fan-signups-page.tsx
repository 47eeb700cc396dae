/**
 * The band page's fan signups (each `FanSignedUp` event), oldest first, page by page from the server; and all of
 * them as a CSV file through the export route, for the band's mailing list.
 */
import { Download, Mail } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { serverMessageOf } from '../../../lib/http';
import { formatDateTime } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast';
import { downloadFanSignups, FAN_SIGNUPS_CSV, fanSignupsPage, peopleKeys, type FanSignup } from '../api/admin-people';
import { DataTable, type Column } from '../table/data-table';
import { useCursorPages } from '../table/use-cursor-pages';

const columns: Column<FanSignup>[] = [
  { key: 'email', header: 'E-mail', cell: (signup) => <span className="break-all font-semibold text-zinc-50">{signup.email}</span> },
  { key: 'band', header: 'Band page', cell: (signup) => signup.band },
  { key: 'at', header: 'Signed up', cell: (signup) => <time dateTime={signup.signedUpAt}>{formatDateTime(signup.signedUpAt)}</time> },
];

export function FanSignupsPage() {
  const pages = useCursorPages<FanSignup>(peopleKeys.fanSignups, (cursor, signal) => fanSignupsPage(cursor, signal));
  const exporting = useMutation({ mutationFn: downloadFanSignups });
  const download = () =>
    exporting.mutate(undefined, {
      onSuccess: (count) =>
        toast({ title: `Exported ${count} ${count === 1 ? 'signup' : 'signups'}`, description: FAN_SIGNUPS_CSV, variant: 'success' }),
      onError: (error) => toast({ title: 'Could not export', description: serverMessageOf(error) ?? undefined, variant: 'destructive' }),
    });
  return (
    <section className="space-y-5" aria-labelledby="fan-signups-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="fan-signups-heading" className="text-2xl font-extrabold text-zinc-50">
          Fan signups
        </h1>
        <Button variant="secondary" onClick={download} disabled={exporting.isPending} data-testid="export-fan-signups" icon={Download}>
          {exporting.isPending ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>
      <DataTable
        caption="Fan signups, oldest first"
        testId="fan-signups-table"
        columns={columns}
        rows={pages.rows}
        rowKey={(signup) => `${signup.band}-${signup.email}-${signup.signedUpAt}`}
        source={pages}
        empty={{ icon: Mail, title: 'No fan signups yet', children: 'Fans sign up on the band’s page.' }}
        hasMore={pages.hasMore}
        loadingMore={pages.loadingMore}
        onLoadMore={pages.loadMore}
      />
    </section>
  );
}
