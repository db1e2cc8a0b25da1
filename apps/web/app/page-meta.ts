import type { MetaDescriptor } from 'react-router';
import { i18n } from './i18n/i18n';

type PageMetaInput = {
  /** The page's own title; the site name is appended unless `fullTitle` is set. */
  title: string;
  description: string;
  fullTitle?: boolean;
  type?: 'website' | 'article' | 'book' | 'profile';
};

/**
 * `<title>`, description and OGP tags for a route's `meta` export. React Router replaces
 * (does not merge) parent meta, so every route calls this for itself.
 */
export function pageMeta({ title, description, fullTitle = false, type = 'website' }: PageMetaInput): MetaDescriptor[] {
  const siteName = i18n.t('site.name');
  const documentTitle = fullTitle ? title : `${title} | ${siteName}`;
  return [
    { title: documentTitle },
    { name: 'description', content: description },
    { property: 'og:title', content: documentTitle },
    { property: 'og:description', content: description },
    { property: 'og:type', content: type },
    { property: 'og:site_name', content: siteName },
    { property: 'og:locale', content: 'ja_JP' },
    { name: 'twitter:card', content: 'summary' },
  ];
}
