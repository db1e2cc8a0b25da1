import type { DehydratedState } from '@tanstack/react-query';
import { QueryProvider } from '../../../components/query-provider';
import { invitationCopy } from '../../../i18n/ja-invitations';
import { useNonLoginAppeal, useReachBanners } from '../api/get-top-banners';
import styles from './invitations.module.css';

/**
 * The top page's banners: the reach banners running now (§3, by priority, each a 480×90 image
 * linking to its jump URL), fetched after the page, and, for guests, the non-login appeal with the
 * way to signup, in the HTML the server sends (`state`: the loader's prefetched appeal). A failed
 * fetch shows nothing (§8: banners hide).
 */
export default function TopBanners({ member, state }: { member: boolean; state?: DehydratedState }) {
  return (
    <QueryProvider state={state}>
      <Banners member={member} />
    </QueryProvider>
  );
}

function Banners({ member }: { member: boolean }) {
  const reach = useReachBanners('top');
  const appeal = useNonLoginAppeal(!member);
  const banners = reach.data ?? [];
  const guestAppeal = !member ? appeal.data : null;
  if (banners.length === 0 && !guestAppeal) return null;
  return (
    <div className={styles.topBanners}>
      {guestAppeal && (
        <aside className={styles.appeal} aria-label={guestAppeal.name} data-testid="non-login-appeal">
          <img src={guestAppeal.imageUrl} alt="" width={96} height={96} />
          <div>
            <p className={styles.appealName}>{guestAppeal.name}</p>
            <p>{guestAppeal.appealText}</p>
            <a className={styles.appealLink} href="/signup">
              {invitationCopy('appeal.signupShort')}
            </a>
          </div>
        </aside>
      )}
      {banners.length > 0 && (
        <ul className={styles.reachBanners} aria-label={invitationCopy('banner.reachLabel')}>
          {banners.map((b) => (
            <li key={b.id} style={{ backgroundColor: b.colorCode }}>
              <a href={b.jumpUrl} data-testid="reach-banner">
                <img src={b.url} alt={invitationCopy('banner.reachAlt')} width={480} height={90} />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
