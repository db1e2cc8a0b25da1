import { type ChangeEvent, useState } from 'react';
import { promoCopy } from '../../../i18n/ja-admin-promotions';
import { ApiError } from '../../../lib/api/client';
import { changeError, uploadBannerImage } from '../api/admin-api';
import { ChangeStatus } from './change-status';
import { useChange } from './use-change';
import styles from './admin.module.css';

/** Why the image was refused, in Japanese: not an image (the server decodes it), or not a banner's shape. */
function imageError(error: unknown): string {
  const message = error instanceof ApiError ? (error.messages[0] ?? '') : '';
  const shape = /^file: must be 480×90 .*, not (\d+×\d+)$/.exec(message);
  if (shape) return promoCopy('banners.imageBadShape', { size: shape[1]! });
  if (/^file: not a (decodable|JPEG)/.test(message)) return promoCopy('banners.imageNotImage');
  return changeError(error);
}

interface BannerImageFieldProps {
  /** The banner's image now (a row being edited); none for a new banner. */
  imageId?: number | null;
  imageUrl?: string;
}

/**
 * The banner's image: a file chosen here is uploaded at once into the media store (proved an
 * image there), previewed, and its id goes with the form as `imageId`. A banner whose image
 * address was typed before uploads shows it until a new image replaces it.
 */
export function BannerImageField({ imageId = null, imageUrl }: BannerImageFieldProps) {
  const upload = useChange();
  const [image, setImage] = useState<{ id: number | null; url: string } | null>(imageUrl ? { id: imageId, url: imageUrl } : null);

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const done = await upload.run(
      () => uploadBannerImage(file),
      (r) => promoCopy('banners.imageUploaded', { width: r.width, height: r.height }),
      imageError,
    );
    if (done) setImage({ id: done.imageId, url: done.imageUrl });
    else input.value = '';
  }

  return (
    <div className={`${styles.wide} ${styles.bannerImage}`}>
      <label className={styles.field}>
        {promoCopy('banners.image')}
        <input type="file" accept="image/png,image/jpeg,image/webp" onChange={(e) => void choose(e)} disabled={upload.busy} />
      </label>
      {upload.busy && <p>{promoCopy('banners.imageUploading')}</p>}
      <ChangeStatus notice={upload.notice} error={upload.error} />
      {image ? (
        <figure className={styles.bannerPreview}>
          <img src={image.url} alt={promoCopy('banners.imageCurrent')} width={480} height={90} />
          <figcaption>{image.id === null ? promoCopy('banners.imageLegacy') : promoCopy('banners.imageCurrent')}</figcaption>
        </figure>
      ) : (
        <p>{promoCopy('banners.imageNone')}</p>
      )}
      {image?.id != null && <input type="hidden" name="imageId" value={image.id} />}
    </div>
  );
}
