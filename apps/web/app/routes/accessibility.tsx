import { accessibilityJa as a } from '../i18n/ja-accessibility';
import { pageMeta } from '../page-meta';
import styles from './accessibility.module.css';
import type { Route } from './+types/accessibility';

export const meta: Route.MetaFunction = () => pageMeta({ title: a.title, description: a.description });

const SECTIONS = [
  { id: 'checked', heading: a.checkedHeading, items: a.checked },
  { id: 'keyboard', heading: a.keyboardHeading, items: a.keyboard },
  { id: 'reader', heading: a.readerHeading, items: a.reader },
  { id: 'motion', heading: a.motionHeading, items: a.motion },
  { id: 'limits', heading: a.limitsHeading, items: a.limits },
] as const;

/**
 * `/accessibility` (アクセシビリティ, issue 42): the store's accessibility statement, linked from
 * every page's footer. Text only, rendered on the server: it reads the same without scripts.
 */
export default function Accessibility() {
  return (
    <article className={styles.page}>
      <h1 className={styles.heading}>{a.title}</h1>
      <p>{a.lead}</p>
      {SECTIONS.map((section) => (
        <section key={section.id} aria-labelledby={`a11y-${section.id}`}>
          <h2 id={`a11y-${section.id}`}>{section.heading}</h2>
          <ul className={styles.list}>
            {section.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ))}
      <section aria-labelledby="a11y-contact">
        <h2 id="a11y-contact">{a.contactHeading}</h2>
        <p>{a.contact}</p>
      </section>
    </article>
  );
}
