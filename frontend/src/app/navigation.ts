/** The app's main destinations, shared by the desktop sidebar and the mobile bottom navigation. */
import { Crown, House, Library, Music, ShoppingBag, type LucideIcon } from 'lucide-react';
import { brand } from '../lib/brand';

interface Destination {
  to: string;
  label: string;
  icon: LucideIcon;
}

export const destinations: readonly Destination[] = [
  { to: '/', label: 'Home', icon: House },
  { to: '/music', label: 'Music', icon: Music },
  { to: '/shop', label: 'Shop', icon: ShoppingBag },
  { to: '/library', label: 'Library', icon: Library },
  { to: '/exclusive', label: brand.productPlus, icon: Crown },
];

/** Admin mode: the admin panel and the sync manager, laid out without the sidebar so their tables get the width. */
export const isAdminPath = (pathname: string): boolean => /^\/(admin|sync-manager)(\/|$)/.test(pathname);
