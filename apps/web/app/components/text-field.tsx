import type { InputHTMLAttributes } from 'react';
import { describedBy } from '../lib/form-errors';
import styles from './text-field.module.css';

type TextFieldProps = {
  name: string;
  label: string;
  /** Shown under the field in red; marks the input invalid for assistive technology and describes it. */
  error?: string | undefined;
  /**
   * The id of a message shown elsewhere that tells this field's error (a form that says its
   * failure once, in its own announced line): the input is invalid and described by it.
   */
  errorId?: string | undefined;
  /** A short note under the field (format, length). */
  hint?: string | undefined;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>;

/**
 * A labelled form input with its hint and error, linked by aria-describedby: the error first
 * (what to fix), then the hint (the format the fix takes), which stays shown while in error
 * unless the error says it already.
 */
export function TextField({ name, label, error, errorId: toldElsewhere, hint, id = `field-${name}`, ...input }: TextFieldProps) {
  // An error that already says the hint (「パスワードは8文字以上で入力してください」 over 「8文字以上で入力してください」)
  // is not followed by it: read or shown twice, it says nothing more.
  const hintId = hint && !error?.includes(hint) ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : toldElsewhere;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        className={styles.input}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedBy(errorId, hintId)}
        {...input}
      />
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
      {hintId && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
