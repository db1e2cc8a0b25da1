import { data, useLoaderData } from 'react-router';
import { TRACKING_PARAMS, type Tracking, bookInfoUrl } from '../features/viewer/api/get-viewer-info';
import { ViewerApp } from '../features/viewer/components/viewer-app';
import { i18n } from '../i18n/i18n';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/viewer';

const ID = /^[1-9]\d{0,8}$/;
const PAGE = /^\d{1,6}$/;

/**
 * `/viewer?cid={bookId}` (§2 viewer root) with `startupPage`, `open_lastpage` and the tracking
 * parameters. The book itself loads in the browser (`/api/browser/bookinfo/v2`): page URLs are
 * signed per reader and entitlement, so the HTML carries none and stays the same for every guest.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const cid = query.get('cid') ?? '';
  if (!ID.test(cid)) throw data(null, { status: 404 });
  const startupPage = query.get('startupPage');
  const tracking: Tracking = {};
  for (const name of TRACKING_PARAMS) {
    const value = query.get(name);
    if (value) tracking[name] = value.slice(0, 100);
  }
  const putLog = query.get('putLog');
  if (putLog) tracking.putLog = putLog.slice(0, 10);
  return {
    bookId: Number(cid),
    startupPage: startupPage && PAGE.test(startupPage) ? Number(startupPage) : null,
    openLastPage: query.get('open_lastpage') === 'true',
    tracking,
    loggedIn: context.viewer !== null,
    adult: context.viewer?.adultState === 'ADULT',
  };
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: i18n.t('viewer.title'), description: i18n.t('site.description') }),
  { name: 'robots', content: 'noindex' },
];

export default function ViewerRoute() {
  const props = useLoaderData<typeof loader>();
  return (
    <>
      <link rel="preload" as="fetch" href={bookInfoUrl(props.bookId, props.tracking)} crossOrigin="anonymous" />
      <ViewerApp key={props.bookId} {...props} />
    </>
  );
}
