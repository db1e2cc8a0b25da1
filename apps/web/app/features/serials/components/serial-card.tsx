import type { Serial } from '@hondana/domain/serials/serials-api';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/i18n';
import styles from './serials.module.css';
import '../../../i18n/ja-serials';

type SerialCardProps = { serial: Serial; rank?: number; eager?: boolean };

/** A serial's image (522×327), name and episode counts, linking to its detail page. */
export function SerialCard({ serial, rank, eager }: SerialCardProps) {
  const { t } = useTranslation();
  return (
    <li className={styles.card}>
      <Link to={`/serial/detail/${serial.id}`} className={styles.cardLink} data-testid="serial-card">
        <img
          className={styles.cardImage}
          src={serial.images.medium}
          srcSet={`${serial.images.small} 164w, ${serial.images.medium} 335w, ${serial.images.large} 522w`}
          sizes="(min-width: 1080px) 261px, (min-width: 768px) 30vw, 45vw"
          width={522}
          height={327}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          style={{ background: serial.colors.subColor }}
        />
        {rank !== undefined && <span className={styles.rank}>{t('serials.rank', { rank })}</span>}
        <span className={styles.cardName}>{serial.name}</span>
        <span className={styles.cardMeta}>
          {t('serials.episodes', { total: serial.totalEpisodeCount, released: serial.releasedEpisodeCount })}
        </span>
      </Link>
    </li>
  );
}

export function SerialGrid({ serials, ranked, eager = 4 }: { serials: Serial[]; ranked?: boolean; eager?: number }) {
  return (
    <ul className={styles.grid}>
      {serials.map((s, i) => (
        <SerialCard key={s.id} serial={s} rank={ranked ? i + 1 : undefined} eager={i < eager} />
      ))}
    </ul>
  );
}
