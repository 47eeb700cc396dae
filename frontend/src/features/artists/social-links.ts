/** An artist's links, kept by the catalogue as one JSON string, read into the links the profile shows. */
import * as z from 'zod/mini';

const socialNames = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  facebook: 'Facebook',
  twitter: 'Twitter',
  spotify: 'Spotify',
  appleMusic: 'Apple Music',
  discord: 'Discord',
  website: 'Website',
} as const;

const webAddress = z.string().check(z.regex(/^https?:\/\//i));

/** The links that are set and are web addresses, in a fixed order so every profile reads alike; a malformed string yields none. */
export function artistSocialLinks(socialLinks: string): Array<{ platform: keyof typeof socialNames; name: string; url: string }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(socialLinks);
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null) return [];
  const links = parsed as Record<string, unknown>;
  return (Object.keys(socialNames) as Array<keyof typeof socialNames>).flatMap((platform) => {
    const url = z.safeParse(webAddress, links[platform]);
    return url.success ? [{ platform, name: socialNames[platform], url: url.data }] : [];
  });
}
