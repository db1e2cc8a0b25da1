import type { InputHTMLAttributes } from 'react';
import styles from './text-field.module.css';

type TextFieldProps = {
  name: string;
  label: string;
  /** Shown under the field in red; marks the input invalid for assistive technology. */
  error?: string | undefined;
  /** A short note under the field (format, length). */
  hint?: string | undefined;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>;

/** A labelled form input with its hint and error, linked by aria-describedby. */
export function TextField({ name, label, error, hint, id = `field-${name}`, ...input }: TextFieldProps) {
  // An error replaces the hint: it says the same thing, more urgently.
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
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
