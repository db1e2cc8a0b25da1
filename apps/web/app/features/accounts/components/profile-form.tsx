import { NICKNAME_MAX_LENGTH, PROFILE_MAX_LENGTH } from '@hondana/domain/accounts/accounts-api';
import { pageTypes } from '@hondana/domain/catalog/catalog';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../../components/text-field';
import { useFormFailure } from '../../../lib/form-errors';
import { useTranslation } from '../../../i18n/i18n';
import { registerTop, saveProfile, settingsError, statusQuery } from '../api/account-settings';
import { Outcome } from './settings-page';
import styles from './settings.module.css';

type ProfileFormProps = { nickname: string; profile: string };

/** Nickname and profile text (§7 mod_profile, with its token) and the top page's shelf (§7 user_specify_top/register). */
export function ProfileForm({ nickname, profile }: ProfileFormProps) {
  const { t } = useTranslation();
  const status = useQuery(statusQuery());
  const save = useMutation({
    mutationFn: async (values: { name: string; profile: string; top: string }) => {
      await saveProfile({ name: values.name, profile: values.profile });
      if (values.top && values.top !== status.data?.userSpecifyTop) await registerTop(values.top);
    },
  });
  const { formRef, errorId, errorFor } = useFormFailure(save.error);
  const [top, setTop] = useState<string | null>(null);
  const chosen = top ?? status.data?.userSpecifyTop ?? '';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    save.mutate({ name: String(form.get('name') ?? ''), profile: String(form.get('profile') ?? ''), top: chosen });
  };
  return (
    <form ref={formRef} className={styles.card} onSubmit={submit} noValidate>
      <Outcome
        done={save.isSuccess ? t('accountSettings.saved') : null}
        error={save.isError ? settingsError(save.error) : null}
        errorId={errorId}
      />
      <TextField
        name="name"
        label={t('accountSettings.profile.nickname')}
        defaultValue={nickname}
        required
        maxLength={NICKNAME_MAX_LENGTH}
        hint={t('accountSettings.profile.nicknameHint', { max: NICKNAME_MAX_LENGTH })}
        errorId={errorFor('name')}
      />
      <label className={styles.field}>
        {t('accountSettings.profile.text')}
        <textarea
          name="profile"
          rows={4}
          defaultValue={profile}
          maxLength={PROFILE_MAX_LENGTH}
          aria-invalid={errorFor('profile') ? true : undefined}
          aria-describedby={errorFor('profile')}
        />
      </label>
      <label className={styles.field}>
        {t('accountSettings.profile.top')}
        <select name="top" value={chosen} onChange={(e) => setTop(e.target.value)}>
          <option value="">{t('accountSettings.profile.topNone')}</option>
          {pageTypes
            .filter((p) => p !== 'all')
            .map((p) => (
              <option key={p} value={p}>
                {t(`accountSettings.profile.pageTypes.${p as Exclude<typeof p, 'all'>}`)}
              </option>
            ))}
        </select>
      </label>
      <button type="submit" className={styles.submit} disabled={save.isPending}>
        {t('accountSettings.profile.submit')}
      </button>
    </form>
  );
}
