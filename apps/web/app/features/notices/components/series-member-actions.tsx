import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/i18n';
import styles from './series-member-actions.module.css';
import { WishButton } from './wish-button';

type Props = { titleId: number; wished: boolean; isMember: boolean; loginTo: string };

/** Under the series header: the my-list toggle and, for members, the new-release notice settings link. */
export function SeriesMemberActions({ titleId, wished, isMember, loginTo }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.actions}>
      <WishButton titleId={titleId} initialWished={wished} isMember={isMember} loginTo={loginTo} />
      {isMember && (
        <Link to={`/series_list/line_notice/${titleId}`} className={styles.link}>
          {t('noticesEntry.settingsLink')}
        </Link>
      )}
    </div>
  );
}
