import { AUTHOR_LIST_MAX, AUTHOR_SEPARATOR, truncateAuthors } from '@hondana/domain/catalog/author-list';
import { PageLink } from '../../../components/page-link';
import styles from './author-links.module.css';

type AuthorLink = { authorId: number; name: string; role?: string };

type AuthorLinksProps = {
  authors: readonly AuthorLink[];
  /** The list's accessible name (著者). */
  label: string;
  /** The list's own layout (flex, gaps, font size) from the page's stylesheet. */
  className: string | undefined;
  roleClassName?: string;
};

const entryText = (a: AuthorLink) => (a.role ? `${a.role} ${a.name}` : a.name);

/**
 * An author list as a line of links (each to the author's search), cut by §9: over 34 characters
 * on a wide screen, 16 on a narrow one, counted over what the line shows (role and name). The
 * server renders both cuts and CSS shows the one of the width, so the HTML is finished at any
 * width; a list short enough for both is rendered once. The whole list is the cut list's title.
 */
export function AuthorLinks({ authors, label, className, roleClassName }: AuthorLinksProps) {
  const entries = authors.map((author) => ({ author, name: entryText(author) }));
  const wide = truncateAuthors(entries, AUTHOR_LIST_MAX.wide);
  const narrow = truncateAuthors(entries, AUTHOR_LIST_MAX.narrow);
  const list = (cut: typeof wide, widthClass: string | undefined, testId: string) => (
    <ul
      className={[className, widthClass].filter(Boolean).join(' ') || undefined}
      aria-label={label}
      title={cut.truncated ? entries.map((e) => e.name).join(AUTHOR_SEPARATOR) : undefined}
      data-testid={testId}
    >
      {cut.shown.map(({ author: { author }, shown }) => {
        const role = author.role ?? '';
        // The role label and the name as shown; a cut may end inside the role.
        const rolePart = shown.slice(0, role.length);
        const namePart = shown.slice(role.length).trimStart();
        return (
          <li key={`${author.authorId}-${role}`}>
            {rolePart && <span className={roleClassName}>{rolePart}</span>}
            {namePart && <PageLink to={`/search/author/${author.authorId}/1`}>{namePart}</PageLink>}
          </li>
        );
      })}
    </ul>
  );
  if (!narrow.truncated) return list(wide, undefined, 'author-list');
  return (
    <>
      {list(wide, styles.wide, 'author-list-wide')}
      {list(narrow, styles.narrow, 'author-list-narrow')}
    </>
  );
}
