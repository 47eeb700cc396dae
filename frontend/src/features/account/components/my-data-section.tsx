/** The account page's "Your data" card: download everything the label holds about the listener as a JSON file, or delete the account. */
import { Download } from 'lucide-react';
import { serverMessageOf } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { Section } from '../../../ui/section';
import { FormAlert } from '../../../ui/text-field';
import { useDownloadMyData } from '../api/export-my-data';
import { DeleteAccountButton } from './delete-account-dialog';

export function MyDataSection() {
  const download = useDownloadMyData();
  return (
    <Section title="Your data" size="lg" className="space-y-4 rounded-2xl border border-white/10 bg-zinc-900 p-6" testId="my-data">
      <p className="mt-2 text-sm text-zinc-300">
        One file with your profile, library, favourites, plays, purchases with receipts, memberships and notifications.
      </p>
      {download.isError && (
        <FormAlert
          title="Your data could not be downloaded"
          description={serverMessageOf(download.error) ?? 'Please try again in a moment.'}
        />
      )}
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => download.mutate()} disabled={download.isPending} aria-busy={download.isPending}>
          <Download aria-hidden="true" className="size-4" />
          {download.isPending ? 'Preparing your data…' : 'Download my data'}
        </Button>
        <DeleteAccountButton />
      </div>
    </Section>
  );
}
