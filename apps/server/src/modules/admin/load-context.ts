import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { digest } from '../tokens/secrets';
import { countPasskeys, findTotp, sessionCheckedAt } from './second-factor.repository';
import { findRole } from './staff.repository';

/** The operator console's section of the pages' context: the viewer's role (null for none) and second factor; the console's data comes from /api/admin. */
export interface AdminPageContext {
  role(): Promise<'operator' | 'support' | null>;
  /** Whether the viewer enrolled an authenticator, and gave it in this sign-in (issue 41). */
  secondFactor(): Promise<{ enrolled: boolean; totp: boolean; passkeys: number; checked: boolean }>;
}

/** The console section of the pages' context: the viewer's role, read on every page as the API does. */
export function adminContext(db: Kysely<Database>, userId: number | null, sessionSecretOf: () => string | undefined): AdminPageContext {
  return {
    role: async () => (userId === null ? null : findRole(db, userId)),
    // The cookie is read only when a console page asks (no work on the store's other pages).
    async secondFactor() {
      const sessionSecret = sessionSecretOf();
      if (userId === null || !sessionSecret) return { enrolled: false, totp: false, passkeys: 0, checked: false };
      const [totp, passkeys, checkedAt] = await Promise.all([
        findTotp(db, userId),
        countPasskeys(db, userId),
        sessionCheckedAt(db, digest(sessionSecret)),
      ]);
      const hasTotp = totp?.confirmed_at != null;
      return { enrolled: hasTotp || passkeys > 0, totp: hasTotp, passkeys, checked: checkedAt !== null };
    },
  };
}
