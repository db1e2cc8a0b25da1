import { PageType, isPageType, pageTypeLabels, pageTypes } from '@hondana/domain/catalog/catalog';
import { SerialHome } from '../features/serials/components/serial-home';
import { i18n } from '../i18n/i18n';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/serial';
import '../i18n/ja-serials';

/**
 * `/serial` (§2): serial list by category with recents and rankings, and the member's
 * 続きが読める連載. Rendered on the server from the serials use cases (load context).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const param = url.searchParams.get('category');
  const category = param && isPageType(param) && param !== PageType.ALL ? param : null;
  return {
    loggedIn: context.viewer !== null,
    category,
    categories: pageTypes.filter((p) => p !== PageType.ALL).map((key) => ({ key, label: pageTypeLabels[key] })),
    home: await context.serials.home({ category }),
  };
}

export const meta: Route.MetaFunction = () => pageMeta({ title: i18n.t('serials.title'), description: i18n.t('serials.description') });

export default function SerialRoute({ loaderData }: Route.ComponentProps) {
  return <SerialHome {...loaderData} />;
}
