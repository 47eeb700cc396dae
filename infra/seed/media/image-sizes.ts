/** The seeded images' variants and sizes, without the PNG encoder (image.ts), for code that only needs their shape. */
export type ImageVariant = 'artwork' | 'avatar' | 'header';
/** The main figure of an album cover. */
export type ArtworkMotif = 'sun' | 'rings' | 'bands' | 'waves';

export const imageSizes: Record<ImageVariant, { width: number; height: number }> = {
  artwork: { width: 600, height: 600 },
  avatar: { width: 400, height: 400 },
  header: { width: 1200, height: 400 },
};

/** What the catalogue asks for; the composition follows from `seed`, the colours from `hue`. */
export interface ImageRecipe {
  seed: string;
  variant: ImageVariant;
  width: number;
  height: number;
  /** Base hue in degrees, so the images of one catalogue are told apart at a glance. */
  hue: number;
  /** Artwork only; drawn from the seed when absent. */
  motif?: ArtworkMotif;
}
