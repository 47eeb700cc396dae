/** Tabs over a rule, the open one underlined in the accent colour: the library's sections, the Toko+ content. */
import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { cx } from '../lib/class-names';

export interface UnderlineTab<T extends string> {
  id: T;
  label: string;
  content: ReactNode;
  testId?: string;
}

const triggerClass = cx(
  'flex-1 border-b-2 px-1 py-2.5 text-sm font-semibold transition sm:flex-none sm:px-4',
  'border-transparent text-zinc-300 hover:text-zinc-50 data-[state=active]:border-accent data-[state=active]:text-zinc-50',
);

export function UnderlineTabs<T extends string>({
  label,
  value,
  onValueChange,
  tabs,
}: {
  label: string;
  value: T;
  onValueChange: (value: T) => void;
  tabs: UnderlineTab<T>[];
}) {
  return (
    <Tabs.Root value={value} onValueChange={(next) => onValueChange(next as T)}>
      <Tabs.List aria-label={label} className="flex border-b border-white/10 sm:gap-1">
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.id} value={tab.id} data-testid={tab.testId} className={triggerClass}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.id} value={tab.id} className="pt-6 focus:outline-none">
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
