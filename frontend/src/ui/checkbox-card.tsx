/** A checkbox drawn as an accent card: a heading with its icon, and a line on what ticking it brings. */
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface CheckboxCardProps {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  icon: LucideIcon;
  title: ReactNode;
  description: ReactNode;
  testId?: string;
}

export function CheckboxCard({ name, checked, onChange, disabled, icon: Icon, title, description, testId }: CheckboxCardProps) {
  return (
    <label
      className="grid cursor-pointer grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 rounded-xl border border-accent/30 bg-gradient-to-br from-accent/10 to-transparent p-3"
      data-testid={testId}
    >
      <input
        type="checkbox"
        name={name}
        className="row-span-2 mt-0.5 size-4 shrink-0 accent-[var(--brand-accent)]"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="flex items-center gap-1.5 text-sm font-semibold text-zinc-50">
        <Icon aria-hidden="true" className="size-4 text-accent" />
        {title}
      </span>
      <span className="block text-xs text-zinc-300">{description}</span>
    </label>
  );
}
