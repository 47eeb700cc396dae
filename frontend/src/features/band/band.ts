/** The band with its own fan pages (/dirtytexans-signup, /dirtytexans): its name and where else it lives. */
import type { Platform } from '../../ui/platform-icon';

export const band = {
  slug: 'dirtytexans',
  name: 'Dirty Texans',
  tagline: 'Unreleased tracks, straight from the rehearsal room, for the fans who sign up first.',
  socialLinks: [
    { platform: 'tiktok', name: 'TikTok', url: 'https://www.tiktok.com/@dirtytexans' },
    { platform: 'instagram', name: 'Instagram', url: 'https://www.instagram.com/dirtytexans' },
    { platform: 'youtube', name: 'YouTube', url: 'https://www.youtube.com/@dirtytexans' },
  ] satisfies Array<{ platform: Platform; name: string; url: string }>,
} as const;

export const bandPagePath = `/${band.slug}`;
export const bandSignupPath = `/${band.slug}-signup`;
