import { type AnchorHTMLAttributes, useEffect } from 'react';
import { useNavigate } from 'react-router';

type PageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path of the store ('/free', '/series_list/series_id=1?book_id=2'). */
  to: string;
};

/**
 * A link to another store page that costs the server render no more than an `<a>`: React
 * Router's `Link` runs half a dozen hooks per link, which on a page of tiles was a few percent
 * of its render (decision 011). It writes what `Link` writes, `data-discover`, so React
 * Router's route discovery fetches the route of every one in view as it does for its own links.
 * In the browser, `PageLinkNavigation` turns a plain click on it into a client-side
 * navigation, as `Link` does; before hydration, or with a modifier key, it is an ordinary link.
 */
export function PageLink({ to, ...rest }: PageLinkProps) {
  return <a href={to} data-discover="true" {...rest} />;
}

/**
 * Mounted once in the root layout: navigates in the app on a plain left click on a
 * `PageLink` (not one with a modifier key, another target or a download, nor a click a
 * handler has already taken: a `Link` handles its own clicks first). Following the same URL
 * replaces the history entry, as `Link` does.
 */
export function PageLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[data-discover]') : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const to = url.pathname + url.search + url.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      void navigate(to, { replace: to === here });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
  return null;
}
