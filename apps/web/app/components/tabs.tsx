import { Link } from 'react-router';
import styles from './tabs.module.css';

export type Tab = { key: string; label: string; href: string; current: boolean };

export type TabsProps = {
  /** Accessible name of the tab row. */
  label: string;
  tabs: Tab[];
};

/** A row of links styled as tabs (each tab is its own URL, so it works without script). */
export function Tabs({ label, tabs }: TabsProps) {
  return (
    <nav aria-label={label} className={styles.tabs}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.href}
              aria-current={tab.current ? 'page' : undefined}
              className={tab.current ? `${styles.tab} ${styles.current}` : styles.tab}
              preventScrollReset
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
