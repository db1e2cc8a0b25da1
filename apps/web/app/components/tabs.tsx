import { Link } from 'react-router';
import styles from './tabs.module.css';

export type Tab = { key: string; label: string; href: string; current: boolean };

type TabsProps = {
  /** Accessible name of the tab row. */
  label: string;
  tabs: Tab[];
  /**
   * Wrap onto more lines instead of scrolling sideways: for a row whose every tab must be seen
   * (the coin shop's payment types — 楽天ペイ was cut off at 1080 px, issue 34 item 16).
   */
  wrap?: boolean;
};

/** A row of links styled as tabs (each tab is its own URL, so it works without script). */
export function Tabs({ label, tabs, wrap = false }: TabsProps) {
  return (
    <nav aria-label={label} className={wrap ? `${styles.tabs} ${styles.wrap}` : styles.tabs}>
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
