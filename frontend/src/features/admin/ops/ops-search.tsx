/** The search box of the sync manager's event log and trace pages: one labelled field and its button; `onSearch` gets the trimmed text. */
import type { LucideIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { cx } from '../../../lib/class-names';
import { Button } from '../../../ui/button';
import { IconInput } from '../../../ui/icon-input';

export interface OpsSearchProps {
  id: string;
  name: string;
  label: string;
  icon: LucideIcon;
  action: string;
  initial: string;
  onSearch: (text: string) => void;
  placeholder?: string;
  /** Ids read better in a fixed-width face. */
  mono?: boolean;
}

export function OpsSearch({ id, name, label, icon, action, initial, onSearch, placeholder, mono = false }: OpsSearchProps) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex max-w-2xl flex-wrap items-end gap-2">
      <label htmlFor={id} className="flex min-w-64 flex-1 flex-col text-sm text-zinc-300">
        {label}
        <IconInput
          icon={icon}
          boxClassName="mt-1"
          id={id}
          type="search"
          name={name}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          className={cx('w-full rounded-lg border border-white/15 bg-zinc-900 py-2 pl-9 pr-3 text-sm text-zinc-50', mono && 'font-mono')}
        />
      </label>
      <Button type="submit" icon={icon}>
        {action}
      </Button>
    </form>
  );
}
