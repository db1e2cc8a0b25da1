/** Fields of the login and signup forms, named as the API's bodies name them (§7). */
export type AccountField = 'email' | 'password' | 'nickname' | 'birth_date';

/** What a failed login or signup hands back to its form: messages and the values to keep. */
export type AccountFormState = {
  /** A message for the whole form (wrong credentials, too many attempts, …). */
  formError?: string;
  fieldErrors: Partial<Record<AccountField, string>>;
  /** What the member typed, to fill the form again; never the password. */
  values: Partial<Record<Exclude<AccountField, 'password'>, string>>;
};

/** A text field of a posted form ('' when absent or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** The posted form, or null when the body is not a form (wrong content type, malformed). */
export async function readForm(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}
