import { type ChangeEvent, useState } from 'react';
import { appealsCopy } from '../../../i18n/ja-admin-appeals';
import { ApiError } from '../../../lib/api/client';
import { changeError, uploadAppealImage } from '../api/admin-api';
import { ChangeStatus } from './change-status';
import { Field } from './editor-form';
import { useChange } from './use-change';
import styles from './admin.module.css';
import css from './console-editors.module.css';

/** Why the image was refused, in Japanese: not an image (the server decodes it), or too small. */
function imageError(error: unknown): string {
  const message = error instanceof ApiError ? (error.messages[0] ?? '') : '';
  const small = /^file: must be at least 96×96, not (\d+×\d+)$/.exec(message);
  if (small) return appealsCopy('imageTooSmall', { size: small[1]! });
  if (/^file: not a (decodable|JPEG)/.test(message)) return appealsCopy('imageNotImage');
  return changeError(error);
}

interface AppealImageFieldProps {
  imageUrl?: string;
  /** The form field the address goes in (`imageUrl`, or an invitation campaign's `images.0.imageUrl`). */
  name?: string;
  required?: boolean;
  /** The file and address fields' labels (the appeal's by default); a form with several images names each. */
  labels?: { upload: string; url: string };
}

/**
 * The appeal's image, as the banner editor's: a file chosen here is uploaded at once into the
 * media store (proved an image there) and its address fills the field; or an address is typed.
 * The invitation campaign editor uses it for each of its images too.
 */
export function AppealImageField({ imageUrl = '', name = 'imageUrl', required = true, labels }: AppealImageFieldProps) {
  const upload = useChange();
  const [url, setUrl] = useState(imageUrl);

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const done = await upload.run(
      () => uploadAppealImage(file),
      (r) => appealsCopy('imageUploaded', { width: r.width, height: r.height }),
      imageError,
    );
    if (done) setUrl(done.imageUrl);
    else input.value = '';
  }

  return (
    <div className={`${styles.wide} ${css.imageField}`}>
      <Field label={labels?.upload ?? appealsCopy('imageUpload')}>
        <input type="file" accept="image/png,image/jpeg,image/webp" onChange={(e) => void choose(e)} disabled={upload.busy} />
      </Field>
      {upload.busy && <p>{appealsCopy('imageUploading')}</p>}
      <ChangeStatus notice={upload.notice} error={upload.error} />
      <Field label={labels?.url ?? appealsCopy('imageUrl')}>
        <input name={name} required={required} maxLength={500} value={url} onChange={(e) => setUrl(e.target.value)} />
      </Field>
      {url && <img className={css.appealPreview} src={url} alt={appealsCopy('image')} width={96} height={96} />}
    </div>
  );
}
