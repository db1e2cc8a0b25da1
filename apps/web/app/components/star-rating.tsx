import styles from './star-rating.module.css';

type StarRatingProps = {
  /** Filled stars, 0–5 (domain `filledStars`). */
  stars: number;
  /** The score as shown: '-' for none, else one decimal (domain `scoreLabel`). */
  score: string;
  /** What a screen reader reads instead of the stars. */
  label: string;
  size?: 'small' | 'large';
};

/**
 * Stars with the score beside them (§2 book tile, series header). One image to a screen reader,
 * read as its label (a paragraph may not carry a label of its own: axe aria-prohibited-attr).
 */
export function StarRating({ stars, score, label, size = 'small' }: StarRatingProps) {
  return (
    <p className={`${styles.rating} ${styles[size]}`} role="img" aria-label={label}>
      <span className={styles.stars} aria-hidden="true">
        <span className={styles.starsOn}>{'★'.repeat(stars)}</span>
        {'★'.repeat(5 - stars)}
      </span>
      <span aria-hidden="true">{score}</span>
    </p>
  );
}
