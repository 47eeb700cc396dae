/** The artist shape the catalogue API answers (docs/api-catalogue.md), checked on arrival. */
import { z } from 'zod/mini';
import { idSchema } from '../../../lib/api-id';

const count = z._default(z.int().check(z.nonnegative()), 0);

export const artistSchema = z.object({
  id: idSchema,
  name: z.string(),
  bio: z.nullish(z.string()),
  avatar: z.nullish(z.string()),
  headerImage: z.nullish(z.string()),
  isMain: z._default(z.boolean(), false),
  /** A JSON string of the artist's links, as the spec keeps it; read with `artistSocialLinks`. */
  socialLinks: z.nullish(z.string()),
  albumCount: count,
  fanCount: count,
});
export type Artist = z.infer<typeof artistSchema>;

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

/** The links that are set and are web addresses, in the spec's order; a malformed string yields none. */
export function artistSocialLinks(
  socialLinks: string | null | undefined,
): Array<{ platform: keyof typeof socialNames; name: string; url: string }> {
  if (!socialLinks) return [];
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
