/** The band's access page: its links, an embedded playlist and a Start Listening button. */
import { Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/document-title';
import { Button } from '../../../ui/button';
import { PlatformLink } from '../../../ui/platform-icon';
import { Section } from '../../../ui/section';
import { band } from '../band';
import { BandTitle } from './band-title';

export function BandPage({ playlist, onStartListening }: { playlist: ReactNode; onStartListening?: () => void }) {
  useDocumentTitle(band.name);
  return (
    <article className="space-y-8" data-testid="band-page">
      <header className="space-y-4 rounded-2xl border border-white/10 bg-gradient-to-br from-accent/20 via-zinc-900 to-zinc-950 p-6 md:p-10">
        <BandTitle large />
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={onStartListening} disabled={!onStartListening}>
            <Play aria-hidden="true" className="size-4 fill-current" />
            Start Listening
          </Button>
          <ul className="flex flex-wrap gap-1" aria-label={`${band.name} elsewhere`}>
            {band.socialLinks.map((link) => (
              <li key={link.platform}>
                <PlatformLink
                  link={link}
                  className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-2 text-sm font-semibold text-zinc-50 transition hover:bg-white/20"
                  iconClassName="size-4"
                >
                  {link.name}
                  <span className="sr-only">(opens in a new tab)</span>
                </PlatformLink>
              </li>
            ))}
          </ul>
        </div>
      </header>
      <Section title="Unreleased tracks" size="2xl" className="space-y-3">
        {/* The embedded player's heights: 432 px, 352 px compact on a phone. */}
        <div className="h-[352px] overflow-y-auto rounded-2xl border border-white/10 bg-zinc-900 md:h-[432px]" data-testid="band-playlist">
          {playlist}
        </div>
      </Section>
    </article>
  );
}
