import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { adminCopy } from '../../../i18n/ja-admin';
import styles from './admin.module.css';

export type StaffRole = 'operator' | 'support';

/** The console's frame: its name, the sections the role may open, and the role. */
export function AdminShell({ role, children }: { role: StaffRole; children: ReactNode }) {
  const sections =
    role === 'operator'
      ? ([
          'titles',
          'taxonomy',
          'serials',
          'coupons',
          'point-campaigns',
          'bundles',
          'coin-packs',
          'subscription-plans',
          'banners',
          'non-login-appeals',
          'features',
          'pre-order-bonuses',
          'lottery',
          'missions',
          'invitation-campaigns',
          'members',
          'reports',
          'audit',
          'mail',
          'staff',
          'passkeys',
        ] as const)
      : ([
          'members',
          'taxonomy',
          'subscription-plans',
          'non-login-appeals',
          'features',
          'pre-order-bonuses',
          'lottery',
          'missions',
          'invitation-campaigns',
          'passkeys',
        ] as const);
  return (
    <div className={styles.shell}>
      <div className={styles.bar}>
        <span className={styles.brand}>{adminCopy('shell.brand')}</span>
        <nav className={styles.nav} aria-label={adminCopy('shell.brand')}>
          {sections.map((s) => (
            <NavLink key={s} to={`/admin/${s}`}>
              {adminCopy(`shell.nav.${s}`)}
            </NavLink>
          ))}
        </nav>
        <span className={`${styles.role} ${styles.inline}`}>
          <span>{adminCopy(`shell.role.${role}`)}</span>
          <Link to="/">{adminCopy('shell.store')}</Link>
        </span>
      </div>
      {children}
    </div>
  );
}

/** What a member without the role sees at any console page (the page answers 403). */
export function AdminForbidden() {
  return (
    <div className={styles.forbidden}>
      <h1 className={styles.heading}>{adminCopy('forbidden.heading')}</h1>
      <p>{adminCopy('forbidden.body')}</p>
      <p>
        <Link to="/">{adminCopy('forbidden.back')}</Link>
      </p>
    </div>
  );
}
