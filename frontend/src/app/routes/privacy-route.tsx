/** /privacy: what the app keeps about a listener and why, with links to the account settings and the FAQ. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { brand } from '../../lib/brand';
import { useDocumentTitle } from '../../lib/document-title';

const inlineLink = 'font-semibold text-accent hover:underline';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h2 className="text-xl font-bold text-zinc-50">{title}</h2>
      <div className="space-y-2 text-zinc-200">{children}</div>
    </section>
  );
}

export function PrivacyRoute() {
  useDocumentTitle('Privacy');
  return (
    <article className="max-w-3xl space-y-8" data-testid="privacy">
      <h1 className="text-3xl font-extrabold text-zinc-50">Privacy</h1>
      <p className="text-zinc-200">
        {brand.labelName} runs {brand.product} to bring you closer to its artists, not to sell your attention. We keep what the app needs to
        work, and nothing from outside services watches you here.
      </p>
      <Section title="What we keep">
        <ul className="list-inside list-disc space-y-1">
          <li>Your e-mail address and the name you choose, to sign you in and send receipts.</li>
          <li>What you play, so artists are credited for their plays and your history and library work.</li>
          <li>Your library, favourites, purchases and subscription.</li>
          <li>An e-mail you leave on an artist's fan page, to send you that artist's news.</li>
        </ul>
      </Section>
      <Section title="Payments">
        <p>Card payments are handled by our payment provider; your card details never reach our servers.</p>
      </Section>
      <Section title="Cookies and storage">
        <p>
          One cookie keeps you signed in, and one counts plays for listeners without an account. Your browser keeps your volume, repeat mode
          and queue so the player picks up where you left off. Fonts, icons and scripts are served by {brand.product} itself: no tracker or
          outside service loads with the app.
        </p>
      </Section>
      <Section title="Your choices">
        <p>
          Change your details or your subscription in your{' '}
          <Link to="/account" className={inlineLink}>
            account settings
          </Link>
          . To get a copy of your data or have it deleted, write to{' '}
          <a href={`mailto:${brand.supportEmail}`} className={inlineLink}>
            {brand.supportEmail}
          </a>
          . More answers are in the{' '}
          <Link to="/faq" className={inlineLink}>
            FAQ
          </Link>
          .
        </p>
      </Section>
    </article>
  );
}
