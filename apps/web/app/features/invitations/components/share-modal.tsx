import { formatAmount } from '@hondana/domain/common/format';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { ResponsiveDialog } from '../../../components/responsive-dialog';
import { invitationCopy } from '../../../i18n/ja-invitations';
import { useShareLinks } from '../api/create-links';
import { lineShareUrl, shareText, twitterShareUrl } from '../share-text';
import styles from './invitations.module.css';
import { Snackbar } from '../../../components/snackbar';
import { track } from '../../../lib/track';

const MOBILE_QUERY = '(max-width: 767px)';
const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const useMobile = () =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );

type ShareModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The member's invitation code; without it (or without a campaign) nothing renders. */
  code: string | null;
  campaignId: number | null;
  amount: number;
  coin: number;
  /** The book being recommended (end of reading), for the share text and the link. */
  title?: { id: number; name: string } | null;
  /** The §7 `ref` of the `/log/post_sns` a share sends: where the modal was opened. */
  trackingRef?: string;
};

/**
 * The invitation share modal (§2): on desktop a 480 px dialog 招待リンクをコピーする with the text,
 * the link and コピーする; on mobile a bottom sheet with a banner, the description, LINE, X,
 * コピー, その他 (the Web Share API, when the browser has it) and キャンセル. A copy shows the
 * snackbar クリップボードにコピーされました.
 */
export function ShareModal({ open, onOpenChange, code, campaignId, amount, coin, title = null, trackingRef }: ShareModalProps) {
  const mobile = useMobile();
  const links = useShareLinks(code ?? '', title?.id ?? null, open && code !== null && campaignId !== null);
  const [snack, setSnack] = useState<string | null>(null);
  const clearSnack = useCallback(() => setSnack(null), []);
  if (!code || campaignId === null) return null;
  const web = links.data?.web ?? '';
  const text = (destination: 'twitter' | 'line' | 'other') => shareText({ amount, title: title?.name ?? null, destination });
  // §7 /log/post_sns: each way of sharing the invitation (with the book, at the end of reading).
  const posted = (sns: 'line' | 'twitter' | 'copy' | 'other') => track('post_sns', { sns, title_id: title?.id, ref: trackingRef });
  const copy = async () => {
    posted('copy');
    try {
      await navigator.clipboard.writeText(`${text('other')}\n${web}`);
      setSnack(invitationCopy('share.copied'));
    } catch {
      setSnack(invitationCopy('share.copyFailed'));
    }
  };
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const other = () => {
    posted('other');
    return navigator.share({ text: text('other'), url: web }).catch(() => {});
  };
  const description = invitationCopy('share.text', { amount: formatAmount(amount), coin: formatAmount(coin) });
  return (
    <>
      <ResponsiveDialog
        open={open}
        onOpenChange={onOpenChange}
        title={mobile ? invitationCopy('share.sheetTitle') : invitationCopy('share.dialogTitle')}
      >
        {mobile ? (
          <div className={styles.sheetBody} data-testid="share-sheet">
            <div className={styles.shareBanner} aria-hidden="true">
              {invitationCopy('share.messageShort', { amount: formatAmount(amount) })}
            </div>
            <p className={styles.shareText}>{description}</p>
            <div className={styles.shareButtons}>
              <a
                className={`${styles.shareButton} ${styles.line}`}
                href={web ? lineShareUrl(web) : undefined}
                target="_blank"
                rel="noopener noreferrer"
                aria-disabled={!web}
                onClick={() => posted('line')}
              >
                {invitationCopy('share.line')}
              </a>
              <a
                className={`${styles.shareButton} ${styles.twitter}`}
                href={web ? twitterShareUrl(text('twitter'), links.data?.twitter ?? web) : undefined}
                target="_blank"
                rel="noopener noreferrer"
                aria-disabled={!web}
                onClick={() => posted('twitter')}
              >
                {invitationCopy('share.twitter')}
              </a>
              <button type="button" className={styles.shareButton} onClick={copy} disabled={!web}>
                {invitationCopy('share.copyShort')}
              </button>
              {canShare && (
                <button type="button" className={styles.shareButton} onClick={other} disabled={!web}>
                  {invitationCopy('share.other')}
                </button>
              )}
            </div>
            <button type="button" className={styles.cancel} onClick={() => onOpenChange(false)}>
              {invitationCopy('share.cancel')}
            </button>
          </div>
        ) : (
          <div className={styles.dialogBody} data-testid="share-dialog">
            <p className={styles.shareText}>{description}</p>
            <label className={styles.linkField}>
              <span className="visually-hidden">{invitationCopy('share.linkLabel')}</span>
              <input readOnly value={web || invitationCopy('share.loading')} onFocus={(e) => e.currentTarget.select()} />
            </label>
            <button type="button" className={styles.primary} onClick={copy} disabled={!web}>
              {invitationCopy('share.copy')}
            </button>
          </div>
        )}
      </ResponsiveDialog>
      <Snackbar message={snack} onDone={clearSnack} />
    </>
  );
}
