/** The centred card the sign-in pages share (free signup, check e-mail, link verification, /auth). */
import type { ReactNode } from 'react';

export function AuthCard({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div className="mx-auto max-w-md rounded-2xl border border-white/10 bg-zinc-900 p-6 shadow-xl md:mt-8 md:p-8" data-testid={testId}>
      {children}
    </div>
  );
}
