/**
 * `manga_viewer_action=open` (§2): a series or serial page link that opens the viewer at once.
 * The page answers a redirect to the viewer's address, carrying the link's `ref` so the viewer's
 * read_start log says where the reader came from.
 */
export function viewerOpenHref(viewerHref: string, ref: string | null): string {
  return ref ? `${viewerHref}&ref=${encodeURIComponent(ref.slice(0, 200))}` : viewerHref;
}
