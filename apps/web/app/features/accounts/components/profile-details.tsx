import { useTranslation } from '../../../i18n/i18n';
import '../../../i18n/ja-accounts';
import styles from './profile-details.module.css';

export type ProfileDetailsProps = {
  nickname: string;
  email: string;
  /** Already formatted as yyyy年M月d日 (§9). */
  birthDate: string;
  adult: boolean;
};

/** The member's own account data on /mypage. */
export function ProfileDetails({ nickname, email, birthDate, adult }: ProfileDetailsProps) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-labelledby="profile-heading">
      <h2 id="profile-heading" className={styles.heading}>
        {t('mypage.profile')}
      </h2>
      <dl className={styles.list}>
        <div className={styles.row}>
          <dt>{t('fields.nickname')}</dt>
          <dd>{nickname}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t('fields.email')}</dt>
          <dd>{email}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t('fields.birth_date')}</dt>
          <dd>{birthDate}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t('mypage.adultState')}</dt>
          <dd>
            <span className={adult ? styles.adult : styles.unconfirmed}>
              {adult ? t('mypage.adult') : t('mypage.notAdult')}
            </span>
          </dd>
        </div>
      </dl>
    </section>
  );
}
