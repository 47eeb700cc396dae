/** An admin list screen's frame: its heading, the button that adds one more, and the screen below. */
import { Plus } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '../../../ui/button';

export function AdminListPage({
  title,
  addLabel,
  onAdd,
  addTestId,
  children,
}: {
  title: string;
  addLabel: string;
  onAdd: () => void;
  addTestId: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="space-y-5" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id={headingId} className="text-2xl font-extrabold text-zinc-50">
          {title}
        </h1>
        <Button onClick={onAdd} data-testid={addTestId} icon={Plus}>
          {addLabel}
        </Button>
      </div>
      {children}
    </section>
  );
}
