import { COMMENT_BODY_MAX_LENGTH, type Review } from '@hondana/domain/reviews/reviews';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/i18n';
import { formatTokyoDate } from '@hondana/domain/common/tokyo-format';
import { addComment, deleteComment, modifyComment } from '../api/review-mutations';
import { useComments } from '../api/title-reviews';
import { ReportButton } from './report-dialog';
import styles from './review-comments.module.css';
import '../../../i18n/ja-reviews';

type Props = { review: Review; titleId: number; isMember: boolean; loginTo: string };

/** The comments of a review, with the member's comment form (unless the writer rejects comments). */
export function ReviewComments({ review, titleId, isMember, loginTo }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useComments(review.id);
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  /** The member's comment just deleted: 元に戻す brings it back (undo_flg), as a review's delete does. */
  const [deleted, setDeleted] = useState<number | null>(null);
  const [deleteFailed, setDeleteFailed] = useState(false);
  /** The member's comment being edited in place, and the one just saved. */
  const [editing, setEditing] = useState<number | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['review_comments', review.id] }),
      queryClient.invalidateQueries({ queryKey: ['title_reviews', titleId] }),
    ]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!body.trim()) return;
    setBusy(true);
    setError(false);
    try {
      await addComment(review.id, body);
      setBody('');
      await refresh();
    } catch {
      setError(true);
    } finally {
      setBusy(false);
    }
  }

  async function remove(commentId: number, undo: boolean) {
    setBusy(true);
    setDeleteFailed(false);
    try {
      await deleteComment(commentId, undo);
      setDeleted(undo ? null : commentId);
      await refresh();
    } catch {
      setDeleteFailed(true);
    } finally {
      setBusy(false);
    }
  }

  const canComment = isMember && (!review.commentRejectFlg || review.me);
  return (
    <div className={styles.comments}>
      <ul className={styles.list}>
        {query.data?.comments.map((c) => (
          <li key={c.id} className={styles.comment}>
            <p className={styles.byline}>{t('reviews.byline', { nickname: c.userName, date: formatTokyoDate(c.createdAt) })}</p>
            {editing === c.id ? (
              <CommentEditForm
                initial={c.body}
                onCancel={() => setEditing(null)}
                onSave={async (next) => {
                  await modifyComment(c.id, next);
                  setEditing(null);
                  setSaved(c.id);
                  await refresh();
                }}
              />
            ) : (
              <p className={styles.body}>{c.body}</p>
            )}
            {saved === c.id && editing !== c.id && (
              <p role="status" className={styles.note}>
                {t('reviews.commentSaved')}
              </p>
            )}
            {c.me
              ? editing !== c.id && (
                  <div className={styles.actions}>
                    <button type="button" className={styles.small} disabled={busy} onClick={() => (setSaved(null), setEditing(c.id))}>
                      {t('reviews.commentEdit')}
                    </button>
                    <button type="button" className={styles.small} disabled={busy} onClick={() => remove(c.id, false)}>
                      {t('reviews.commentDelete')}
                    </button>
                  </div>
                )
              : isMember && <ReportButton target={{ commentId: c.id }} />}
          </li>
        ))}
      </ul>
      {deleted !== null && (
        <div className={styles.deleted} role="status" data-testid="comment-deleted">
          <span>{t('reviews.commentDeleted')}</span>
          <button type="button" className={styles.small} disabled={busy} onClick={() => remove(deleted, true)}>
            {t('reviews.editor.undo')}
          </button>
        </div>
      )}
      {deleteFailed && (
        <p role="alert" className={styles.error}>
          {t('reviews.editor.failed')}
        </p>
      )}
      {review.commentRejectFlg && !review.me && <p className={styles.note}>{t('reviews.commentRejected')}</p>}
      {canComment && (
        <form className={styles.form} onSubmit={submit}>
          <CommentField
            label={t('reviews.commentPlaceholder')}
            value={body}
            onChange={setBody}
            rows={2}
            placeholder={t('reviews.commentPlaceholder')}
          />
          <button type="submit" className={styles.submit} disabled={busy}>
            {t('reviews.commentSubmit')}
          </button>
          {error && (
            <p role="alert" className={styles.error}>
              {t('reviews.editor.failed')}
            </p>
          )}
        </form>
      )}
      {!isMember && (
        <Link to={loginTo} className={styles.small}>
          {t('reviews.loginToAct')}
        </Link>
      )}
    </div>
  );
}

/** A comment of the member's, edited in place: the textarea, 保存する and キャンセル. */
function CommentEditForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (body: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [body, setBody] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!body.trim()) return;
    setBusy(true);
    setFailed(false);
    try {
      await onSave(body);
    } catch {
      setFailed(true);
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit}>
      <CommentField label={t('reviews.commentEditLabel')} value={body} onChange={setBody} rows={3} autoFocus />
      <div className={styles.actions}>
        <button type="submit" className={styles.submit} disabled={busy || !body.trim()}>
          {t('reviews.commentSave')}
        </button>
        <button type="button" className={styles.small} disabled={busy} onClick={onCancel}>
          {t('reviews.commentCancel')}
        </button>
      </div>
      {failed && (
        <p role="alert" className={styles.error}>
          {t('reviews.editor.failed')}
        </p>
      )}
    </form>
  );
}

/** A comment's text box (new or edited), labelled for screen readers, at most the §7 length. */
function CommentField(props: {
  label: string;
  value: string;
  onChange: (body: string) => void;
  rows: number;
  placeholder?: string;
  autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {props.label}
      </label>
      <textarea
        id={id}
        className={styles.input}
        value={props.value}
        maxLength={COMMENT_BODY_MAX_LENGTH}
        required
        rows={props.rows}
        placeholder={props.placeholder}
        autoFocus={props.autoFocus}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </>
  );
}
