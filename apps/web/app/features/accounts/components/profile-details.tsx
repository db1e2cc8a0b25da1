import { useTranslation } from '../../../i18n/i18n';
import '../../../i18n/ja-accounts';
import { Link } from 'react-router';
import styles from './profile-details.module.css';

type ProfileDetailsProps = {
  nickname: string;
  email: string;
  /** Already formatted as yyyy年M月d日 (§9). */
  birthDate: string;
  adult: boolean;
  /** The address's confirmation link was opened (paid purchases wait for it). */
  emailConfirmed: boolean;
};

/** The member's own account data on /mypage. */
export function ProfileDetails({ nickname, email, birthDate, adult, emailConfirmed }: ProfileDetailsProps) {
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
          <dd>
            {email}{' '}
            <span className={emailConfirmed ? styles.adult : styles.unconfirmed}>
              {emailConfirmed ? t('mypage.emailConfirmed') : t('mypage.emailUnconfirmed')}
            </span>
            {!emailConfirmed && (
              <>
                <br />
                <Link to="/mypage/email">{t('mypage.emailConfirmNote')}</Link>
              </>
            )}
          </dd>
        </div>
        <div className={styles.row}>
          <dt>{t('fields.birth_date')}</dt>
          <dd>{birthDate}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t('mypage.adultState')}</dt>
          <dd>
            <span className={adult ? styles.adult : styles.unconfirmed}>{adult ? t('mypage.adult') : t('mypage.notAdult')}</span>
          </dd>
        </div>
      </dl>
    </section>
  );
}
