/** /beta-welcome: the welcome of a beta tester, with the ways in: home, the exclusive content, the library and the community chat. */
import { Crown, House, Library, MessagesSquare, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { brand } from '../../../lib/brand';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { communityChatUrl } from '../plans';

const placeClass = 'flex items-center gap-3 rounded-2xl border border-white/10 bg-zinc-900 p-4 transition hover:bg-zinc-800';

function Place({ icon: Icon, title, detail }: { icon: LucideIcon; title: string; detail: string }) {
  return (
    <>
      <Icon aria-hidden="true" className="size-6 shrink-0 text-accent" />
      <span>
        <span className="block font-semibold text-zinc-50">{title}</span>
        <span className="block text-sm text-zinc-300">{detail}</span>
      </span>
    </>
  );
}

/** The app's own places, in the order a tester would try them. */
const places = [
  { to: '/', icon: House, title: 'Start listening', detail: 'The featured album and the artists' },
  { to: '/exclusive', icon: Crown, title: 'Exclusive content', detail: `${brand.productPlus} albums and videos` },
  { to: '/library', icon: Library, title: 'Your library', detail: 'Albums, songs and favourites you keep' },
];

export function BetaWelcomePage() {
  useDocumentTitle(`Welcome to the ${brand.product} beta`);
  const { user, isSubscriber } = useSession();
  const name = user?.displayName || user?.username;

  return (
    <div className="mx-auto max-w-2xl space-y-6" data-testid="beta-welcome-page">
      <header className="space-y-2">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-accent">
          <Crown aria-hidden="true" className="size-4" />
          Beta
        </p>
        <h1 className="text-3xl font-extrabold text-zinc-50">
          Welcome to the {brand.product} beta{name ? `, ${name}` : ''}!
        </h1>
        <p className="text-zinc-300">
          Thank you for helping {brand.labelName} build this.{' '}
          {isSubscriber
            ? `Your ${brand.productPlus} membership is active.`
            : `Everything free is open to you; exclusive releases come with ${brand.productPlus}.`}
        </p>
      </header>
      <nav aria-label="Where to start">
        <ul className="grid gap-3 sm:grid-cols-2">
          {places.map((place) => (
            <li key={place.to}>
              <Link to={place.to} className={placeClass}>
                <Place {...place} />
              </Link>
            </li>
          ))}
          <li>
            <a href={communityChatUrl} target="_blank" rel="noopener noreferrer" className={placeClass}>
              <Place icon={MessagesSquare} title="Community chat" detail="Talk to the artists and other testers (opens in a new tab)" />
            </a>
          </li>
        </ul>
      </nav>
    </div>
  );
}
