import type { FormEvent, ReactNode } from 'react';
import { promoCopy } from '../../../i18n/ja-admin-promotions';
import { ChangeStatus } from './change-status';
import { useChangeForm } from './use-change';
import styles from './admin.module.css';

interface EditorFormProps {
  /** The section's heading, the form's name and its button while nothing is being edited. */
  createLabel: string;
  /** The row being edited (its id names the form), or null for a new one. */
  editing: { id: number } | null;
  /** Changes when the form should start afresh (another row, or after a save). */
  formKey?: string;
  /** Reads the form as it was shown, so a save sends only what changed (`useFormChanges`). */
  formRef?: (form: HTMLFormElement | null) => void;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  onCancel?: () => void;
  /** The change's state (`useChange`); the fields its failure named are marked invalid and take the focus. */
  change: { busy: boolean; notice: string | null; error: string | null; failure?: { fields: string[] } | null };
  children: ReactNode;
}

/** A console editor's form section: new or `#id を編集中`, the fields, save / stop editing, and the change's outcome. */
export function EditorForm({ createLabel, editing, formKey, formRef, onSubmit, onCancel, change, children }: EditorFormProps) {
  const title = editing ? promoCopy('common.editing', { id: editing.id }) : createLabel;
  const { ref, errorId } = useChangeForm({ failure: change.failure ?? null }, formRef);
  return (
    <section className={styles.section}>
      <h2>{title}</h2>
      <form key={formKey ?? editing?.id ?? 'new'} ref={ref} className={styles.form} onSubmit={onSubmit} aria-label={title}>
        {children}
        <div className={styles.actions}>
          <button className={styles.button} type="submit" disabled={change.busy}>
            {editing ? promoCopy('common.save') : createLabel}
          </button>
          {editing && onCancel && (
            <button className={styles.secondary} type="button" onClick={onCancel}>
              {promoCopy('common.cancelEdit')}
            </button>
          )}
        </div>
      </form>
      <ChangeStatus notice={change.notice} error={change.error} errorId={errorId} />
    </section>
  );
}

/** A labelled input of an editor's form (the label wraps it, so `getByLabel` and screen readers find it). */
export function Field({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <label className={className ? `${styles.field} ${className}` : styles.field}>
      {label}
      {children}
    </label>
  );
}
