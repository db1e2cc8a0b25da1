import { coverSrcSetFor } from '@hondana/domain/catalog/media-urls';

/** The JPEG fallback of a WebP cover URL. */
export const jpegOf = (url: string) => url.replace(/\.webp(\?|$)/, '.jpg$1');

type CoverSourcesProps = { imageUrl: string; sizes: string };

/** The WebP `<source>` of a cover's `<picture>`, every stored width, written from one URL. */
export function CoverSources({ imageUrl, sizes }: CoverSourcesProps) {
  const srcSet = coverSrcSetFor(imageUrl, 'webp');
  return srcSet ? <source type="image/webp" srcSet={srcSet} sizes={sizes} /> : null;
}
