/**
 * The header on every screen: logo, search, help, cart, the admin toggle for admins, and the account corner
 * (Sign In, or the Toko+ badge, notifications and avatar), which the account feature draws. In the admin panel on a
 * phone the label's name and the help link give their room to the admin's controls, so the header fits 360 px.
 */
import { CircleHelp, Disc3, LayoutDashboard, LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { HeaderAccountControls } from '../features/account/components/header-account-controls';
import { HeaderCartButton } from '../features/cart/components/header-cart-button';
import { HeaderSearch } from '../features/search/components/header-search';
import { brand } from '../lib/brand';
import { cx } from '../lib/class-names';
import { useSession } from '../lib/session';
import { Tooltip } from '../ui/tooltip';

const headerIcon =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-zinc-200 transition hover:bg-white/10 hover:text-white';

export function Header({ adminMode }: { adminMode: boolean }) {
  const { isAdmin } = useSession();
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-white/10 bg-zinc-950/90 px-3 backdrop-blur md:h-16 md:gap-4 md:px-6">
      <Link
        to="/"
        className="flex shrink-0 items-center gap-2 rounded-full text-lg font-extrabold tracking-tight text-zinc-50"
        data-testid="logo"
      >
        <Disc3 aria-hidden="true" className="size-7 text-accent" />
        {/* On a phone the admin header has two more controls: the pill says where one is, the icon whose app it is. */}
        <span className={cx(adminMode && 'sr-only sm:not-sr-only')}>{brand.product}</span>
        {adminMode && <span className="rounded-full bg-white/10 px-2 py-0.5 text-xs font-semibold text-zinc-200">Admin</span>}
      </Link>
      <div className="flex min-w-0 flex-1 justify-end md:justify-center">
        <HeaderSearch />
      </div>
      <div className="flex shrink-0 items-center gap-0.5 md:gap-1">
        <Tooltip content="Help">
          <Link to="/faq" aria-label="Help" className={cx(headerIcon, adminMode && 'hidden sm:inline-flex')} data-testid="header-help">
            <CircleHelp aria-hidden="true" className="size-5" />
          </Link>
        </Tooltip>
        <HeaderCartButton />
        {isAdmin && (
          <Tooltip content={adminMode ? 'Leave the admin panel' : 'Admin panel'}>
            <Link
              to={adminMode ? '/' : '/admin'}
              aria-label={adminMode ? 'Leave the admin panel' : 'Admin panel'}
              className={headerIcon}
              data-testid="admin-toggle"
            >
              {adminMode ? <LogOut aria-hidden="true" className="size-5" /> : <LayoutDashboard aria-hidden="true" className="size-5" />}
            </Link>
          </Tooltip>
        )}
        <HeaderAccountControls />
      </div>
    </header>
  );
}
