/**
 * Home: for a guest the pitch with its two ways in, for a signed-in listener a welcome with what their tier
 * offers (admin tools, inviting friends, or upgrading); then the featured album and the artists.
 */
import { Check, Crown, Headphones, Share2, Shield } from 'lucide-react';
import { Link } from 'react-router';
import { useOpenAccountDialog } from '../../features/auth/components/account-dialog-provider';
import { FeaturedAlbum } from '../../features/albums/components/featured-album-card';
import { ArtistsGrid } from '../../features/artists/components/artists-grid';
import { brand } from '../../lib/brand';
import { useDocumentTitle } from '../../lib/document-title';
import { formatMoney } from '../../lib/format';
import { useSession, type SessionUser } from '../../lib/session';
import { Button, buttonClass } from '../../ui/button';
import { Section } from '../../ui/section';
import { shareLink } from '../../ui/share';
import { Spinner } from '../../ui/spinner';
import { usePlayAlbumFromCard } from '../album-playback';
import { useUpgrade } from '../use-upgrade';

const plusBenefits = [
  'Exclusive and unreleased tracks',
  'Early access to new releases',
  'High-quality downloads',
  'Album discounts',
  'Direct artist support',
];

export function HomeRoute() {
  useDocumentTitle(null);
  const playAlbum = usePlayAlbumFromCard();
  const { user, isLoading } = useSession();

  return (
    <div className="space-y-12">
      {isLoading ? (
        // The spinner sits in the guest pitch's place (most visitors are guests), so nothing below jumps when it arrives.
        <div className="relative">
          <div aria-hidden="true" className="invisible">
            <Hero />
          </div>
          <Spinner label="Loading your account…" className="absolute inset-0" />
        </div>
      ) : user ? (
        <WelcomeBanner user={user} />
      ) : (
        <Hero />
      )}
      <FeaturedAlbum onPlayAlbum={playAlbum} />
      <Section title="Artists" size="2xl" className="space-y-4">
        <ArtistsGrid />
      </Section>
    </div>
  );
}

function Hero() {
  const openAccountDialog = useOpenAccountDialog();
  return (
    <section aria-labelledby="hero-heading" className="space-y-6">
      <div className="space-y-2">
        <h1 id="hero-heading" className="text-3xl font-extrabold tracking-tight text-zinc-50 md:text-5xl">
          Artist-Driven Music Platform
        </h1>
        <p className="max-w-2xl text-zinc-300">
          {brand.labelName} brings you straight to the artists: stream free albums, collect the records you love, and back the people who
          make them.
        </p>
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-4 rounded-2xl border border-white/10 bg-zinc-900 p-6">
          <Headphones aria-hidden="true" className="size-8 text-zinc-100" />
          <div className="space-y-1">
            <h2 className="text-xl font-bold text-zinc-50">Listen free</h2>
            <p className="text-sm text-zinc-300">Stream every free album, build your library and follow your favourite artists.</p>
          </div>
          <Button variant="secondary" className="mt-auto self-start" onClick={() => openAccountDialog('sign-up')}>
            Start Listening
          </Button>
        </div>
        <div className="flex flex-col gap-4 rounded-2xl border border-accent/40 bg-gradient-to-br from-accent/15 to-zinc-900 p-6">
          <Crown aria-hidden="true" className="size-8 text-accent" />
          <div className="space-y-1">
            <h2 className="text-xl font-bold text-zinc-50">{brand.productPlus}</h2>
            <p className="text-sm text-zinc-200">{formatMoney(brand.subscriptionMonthlyUsd)}/month</p>
          </div>
          <ul className="space-y-1.5 text-sm text-zinc-200">
            {plusBenefits.map((benefit) => (
              <li key={benefit} className="flex items-center gap-2">
                <Check aria-hidden="true" className="size-4 text-accent" />
                {benefit}
              </li>
            ))}
          </ul>
          <Button className="mt-auto self-start" onClick={() => openAccountDialog('join-plus')}>
            Join {brand.productPlus}
          </Button>
        </div>
      </div>
    </section>
  );
}

function WelcomeBanner({ user }: { user: SessionUser }) {
  const { isAdmin, isSubscriber } = useSession();
  const upgrade = useUpgrade();
  const name = user.displayName || user.username;

  return (
    <section
      aria-labelledby="welcome-heading"
      data-testid="welcome-banner"
      className="flex flex-col gap-4 rounded-2xl border border-white/10 bg-gradient-to-br from-accent/15 to-zinc-900 p-6 md:flex-row md:items-center md:justify-between"
    >
      <div className="space-y-1">
        <h1 id="welcome-heading" className="text-2xl font-extrabold tracking-tight text-zinc-50 md:text-3xl">
          {name ? `Welcome Back, ${name}` : 'Welcome Back'}
        </h1>
        <p className="text-zinc-200">
          {isAdmin
            ? 'Admin access: Manage users, content, and platform features.'
            : isSubscriber
              ? 'Enjoy unlimited access to exclusive content and early releases.'
              : `Upgrade to ${brand.productPlus} for exclusive and unreleased tracks, early access, member prices and direct support for the artists.`}
        </p>
      </div>
      {isAdmin ? (
        <Link to="/admin" className={buttonClass('primary', 'shrink-0')}>
          <Shield aria-hidden="true" className="size-4" />
          Admin Panel
        </Link>
      ) : isSubscriber ? (
        <Button
          className="shrink-0"
          onClick={() =>
            void shareLink({
              title: brand.product,
              text: `Listen with me on ${brand.product}: artist-driven music from ${brand.labelName}.`,
              url: window.location.origin,
            })
          }
          icon={Share2}
        >
          Invite Friends
        </Button>
      ) : (
        <Button className="shrink-0" onClick={upgrade} icon={Crown}>
          Upgrade to {brand.productPlus}
        </Button>
      )}
    </section>
  );
}
