import { useId } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import type { ReviewDraft } from '../api/review-mutations';
import styles from './review-editor.module.css';
import '../../../i18n/ja-reviews';

type Props = {
  draft: ReviewDraft;
  onChange: (draft: ReviewDraft) => void;
  limits: { title: number; body: number; nickname: number };
  /** The field the editor's error is about, and that error's id (it describes the field). */
  invalid?: { field: 'star' | 'comment' | 'nickname'; errorId: string } | null;
};

/** The editor's fields: star (1–5), title, body, nickname, spoiler and comment-rejection flags. */
export function ReviewFields({ draft, onChange, limits, invalid }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const errorOf = (field: 'star' | 'comment' | 'nickname') =>
    invalid?.field === field ? ({ 'aria-invalid': true, 'aria-describedby': invalid.errorId } as const) : {};
  const set = <K extends keyof ReviewDraft>(key: K, value: ReviewDraft[K]) => onChange({ ...draft, [key]: value });
  return (
    <>
      <fieldset className={styles.stars}>
        <legend className={styles.label}>{t('reviews.editor.star')}</legend>
        {[1, 2, 3, 4, 5].map((star) => (
          <label key={star} className={styles.star} title={t('reviews.editor.starOption', { star })}>
            <input
              type="radio"
              name="star"
              value={star}
              checked={draft.star === star}
              onChange={() => set('star', star)}
              {...errorOf('star')}
            />
            <span aria-hidden="true" className={draft.star >= star ? styles.starOn : styles.starOff}>
              ★
            </span>
            <span className="visually-hidden">{t('reviews.editor.starOption', { star })}</span>
          </label>
        ))}
      </fieldset>
      <label className={styles.label} htmlFor={`${id}-title`}>
        {t('reviews.editor.reviewTitle')}
      </label>
      <input
        id={`${id}-title`}
        className={styles.input}
        value={draft.title}
        maxLength={limits.title}
        onChange={(e) => set('title', e.target.value)}
      />
      <label className={styles.label} htmlFor={`${id}-body`}>
        {t('reviews.editor.body')}
      </label>
      <textarea
        id={`${id}-body`}
        className={styles.textarea}
        value={draft.comment}
        maxLength={limits.body}
        required
        rows={8}
        onChange={(e) => set('comment', e.target.value)}
        {...errorOf('comment')}
      />
      <p className={styles.counter}>
        {draft.comment.length} / {limits.body}
      </p>
      <label className={styles.label} htmlFor={`${id}-nickname`}>
        {t('reviews.editor.nickname')}
      </label>
      <input
        id={`${id}-nickname`}
        className={styles.input}
        value={draft.nickname}
        maxLength={limits.nickname}
        required
        onChange={(e) => set('nickname', e.target.value)}
        {...errorOf('nickname')}
      />
      <label className={styles.check}>
        <input type="checkbox" checked={draft.spoiler} onChange={(e) => set('spoiler', e.target.checked)} />
        {t('reviews.editor.spoiler')}
      </label>
      <label className={styles.check}>
        <input type="checkbox" checked={draft.commentReject} onChange={(e) => set('commentReject', e.target.checked)} />
        {t('reviews.editor.commentReject')}
      </label>
    </>
  );
}
