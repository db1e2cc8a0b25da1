import { REVIEW_BODY_MAX_LENGTH, REVIEW_NICKNAME_MAX_LENGTH, REVIEW_TITLE_MAX_LENGTH, type Review } from '@hondana/domain/reviews/reviews';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api/client';
import { useFocusFirstInvalid } from '../../../lib/form-errors';
import { type ReviewDraft, deleteReview, saveReview } from '../api/review-mutations';
import styles from './review-editor.module.css';
import { ReviewFields } from './review-fields';
import '../../../i18n/ja-reviews';

type ReviewEditorProps = {
  titleId: number;
  titleName: string;
  seriesHref: string;
  nickname: string;
  review: Review | null;
};

const draftOf = (p: ReviewEditorProps): ReviewDraft => ({
  titleId: p.titleId,
  star: p.review?.star ?? 0,
  title: p.review?.title ?? '',
  comment: p.review?.body ?? '',
  nickname: (p.review?.nickname ?? p.nickname).slice(0, REVIEW_NICKNAME_MAX_LENGTH),
  spoiler: p.review?.spoilerFlg ?? false,
  commentReject: p.review?.commentRejectFlg ?? false,
  ameba: p.review?.ameba ?? false,
});

/** Writes or edits the member's review; deleting offers 元に戻す (undo_flg) until they leave. */
export function ReviewEditor(props: ReviewEditorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() => draftOf(props));
  const [reviewId, setReviewId] = useState(props.review?.id ?? null);
  const [error, setError] = useState<string | null>(null);
  // A required field left empty: it is marked invalid, described by the error, and takes the focus.
  const [missing, setMissing] = useState<{ field: 'star' | 'comment' | 'nickname' } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const errorId = `${useId()}-error`;
  useFocusFirstInvalid(form, missing);
  const [deleted, setDeleted] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const empty = draft.star === 0 ? 'star' : !draft.comment.trim() ? 'comment' : !draft.nickname.trim() ? 'nickname' : null;
    if (empty) {
      const label = { star: t('reviews.editor.star'), comment: t('reviews.editor.body'), nickname: t('reviews.editor.nickname') }[empty];
      setMissing({ field: empty });
      return setError(t('reviews.editor.required', { field: label }));
    }
    setMissing(null);
    setBusy(true);
    setError(null);
    try {
      await saveReview(draft, reviewId);
      navigate(`${props.seriesHref}#reviews`);
    } catch (e) {
      setError(e instanceof ApiError && e.errorCode === 'ALREADY_EXISTS' ? t('reviews.editor.already') : t('reviews.editor.failed'));
    } finally {
      setBusy(false);
    }
  }

  async function remove(undo: boolean) {
    const id = undo ? deleted : reviewId;
    if (id === null) return;
    setMissing(null);
    setBusy(true);
    try {
      await deleteReview(id, undo);
      setDeleted(undo ? null : id);
      setReviewId(undo ? id : null);
    } catch {
      setError(t('reviews.editor.failed'));
    } finally {
      setBusy(false);
    }
  }

  const editing = reviewId !== null;
  return (
    <div className={styles.page}>
      <p className={styles.series}>
        <Link to={props.seriesHref}>{props.titleName}</Link>
      </p>
      <h1 className={styles.heading}>{editing ? t('reviews.editor.editHeading') : t('reviews.editor.newHeading')}</h1>
      {deleted !== null ? (
        <div className={styles.deleted} role="status">
          <p>{t('reviews.editor.deleted')}</p>
          <button type="button" className={styles.secondary} disabled={busy} onClick={() => remove(true)}>
            {t('reviews.editor.undo')}
          </button>
          <Link to={props.seriesHref}>{t('reviews.editor.back')}</Link>
        </div>
      ) : (
        <form ref={form} className={styles.form} onSubmit={submit} noValidate>
          <ReviewFields
            draft={draft}
            onChange={setDraft}
            limits={{ title: REVIEW_TITLE_MAX_LENGTH, body: REVIEW_BODY_MAX_LENGTH, nickname: REVIEW_NICKNAME_MAX_LENGTH }}
            invalid={missing && error ? { field: missing.field, errorId } : null}
          />
          {error && (
            <p id={errorId} role="alert" className={styles.error}>
              {error}
            </p>
          )}
          <div className={styles.buttons}>
            <button type="submit" className={styles.primary} disabled={busy}>
              {editing ? t('reviews.editor.save') : t('reviews.editor.submit')}
            </button>
            {editing && (
              <button type="button" className={styles.secondary} disabled={busy} onClick={() => remove(false)}>
                {t('reviews.editor.delete')}
              </button>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
