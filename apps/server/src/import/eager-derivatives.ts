import { PIPELINE_DEPTH, mapBounded, renderOriginal, renderPool } from '../media/derivatives';
import { COVER_EAGER_WIDTHS, IMAGE_FORMATS, type MediaRef, PAGE_WIDTHS, mediaKey } from '../media/media-spec';
import type { MediaStore } from '../media/media-store';

/**
 * The cover's (when the book has a cover image) and the given image pages' derivatives, made
 * right after import so that the store's pages and the sample never wait for sharp; the rest
 * are made on their first request (MediaService). One page at a time per core, through the
 * shared render pool.
 */
export async function makeEagerDerivatives(
  store: MediaStore,
  bookId: number,
  coverKey: string | null,
  pages: { page: number; originalKey: string }[],
): Promise<number> {
  const jobs: { original: string; refs: MediaRef[] }[] = [
    ...(coverKey
      ? [{ original: coverKey, refs: each(COVER_EAGER_WIDTHS, (width, format): MediaRef => ({ kind: 'cover', bookId, width, format })) }]
      : []),
    ...pages.map(({ page, ...p }) => ({
      original: p.originalKey,
      refs: each(PAGE_WIDTHS, (width, format): MediaRef => ({ kind: 'page', bookId, page, width, format })),
    })),
  ];
  // A page per core; only the render itself waits for the pool (shared with on-demand renders),
  // not the reading of its original or the writing of its derivatives.
  const counts = await mapBounded(jobs, PIPELINE_DEPTH, async (job) => {
    const data = await store.get(job.original);
    if (!data) return 0;
    const files = await renderPool(() => renderOriginal(data, job.refs));
    await Promise.all(job.refs.map((ref, i) => store.put(mediaKey(ref), files[i]!)));
    return files.length;
  });
  return counts.reduce((a, b) => a + b, 0);
}

function each(widths: readonly number[], ref: (width: number, format: (typeof IMAGE_FORMATS)[number]) => MediaRef): MediaRef[] {
  return widths.flatMap((width) => IMAGE_FORMATS.map((format) => ref(width, format)));
}
