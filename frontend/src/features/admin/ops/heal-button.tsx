/**
 * Re-projects one stream into one projection's live views (a heal), after a confirmation; the result shows as a toast
 * and beside the button. The event log's stream page has one per projection reading the stream, the drift panel one
 * per difference found.
 */
import { Wrench } from 'lucide-react';
import { useState } from 'react';
import { serverMessageOf } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { toast } from '../../../ui/toast';
import { useHealStream } from './drift-api';

export function HealButton({ projection, streamId, label }: { projection: string; streamId: string; label: string }) {
  const heal = useHealStream();
  const [asking, setAsking] = useState(false);
  const confirm = () =>
    heal.mutate(
      { projection, streamId },
      {
        onSuccess: (done) =>
          toast({
            title: `${streamId} re-projected in ${projection}`,
            description: `${done.items} item${done.items === 1 ? '' : 's'} written; the checkpoint is at v${done.version}.`,
            variant: 'success',
          }),
        onError: (error) => toast({ title: 'The heal failed', description: serverMessageOf(error) ?? undefined, variant: 'destructive' }),
        onSettled: () => setAsking(false),
      },
    );
  return (
    <>
      <span className="inline-flex items-center gap-2" data-heal={projection}>
        <Button variant="secondary" icon={Wrench} onClick={() => setAsking(true)} disabled={heal.isPending}>
          {label}
        </Button>
        {heal.isSuccess && (
          <span className="text-xs text-emerald-300" role="status">
            Healed at v{heal.data.version}
          </span>
        )}
      </span>
      <Dialog
        open={asking}
        onOpenChange={(open) => !open && !heal.isPending && setAsking(false)}
        title={`Re-project ${streamId}?`}
        description={`Its events will be projected again into the live views of ${projection}, and its checkpoint set to its last event. The heal is recorded under your name.`}
      >
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setAsking(false)} disabled={heal.isPending}>
            Cancel
          </Button>
          <Button icon={Wrench} onClick={confirm} disabled={heal.isPending}>
            {heal.isPending ? 'Healing…' : 'Heal'}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
