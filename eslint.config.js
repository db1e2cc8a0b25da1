import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { domainApiSchemas } from './eslint/domain-api-schemas.js';
import { domainAreaCycles } from './eslint/domain-area-cycles.js';
import { serverAreaBoundaries } from './eslint/server-area-boundaries.js';
import { webFeatureBoundaries } from './eslint/web-feature-boundaries.js';

/** Files that import another area's repository from before the boundary rule: none left (docs/architecture.md). */
const REPOSITORY_IMPORTS_ALLOWED = [];

/**
 * What each web feature offers to the others (paths inside apps/web/app/features/, no
 * extension); anything else inside a feature is its own (eslint/web-feature-boundaries.js).
 */
export const WEB_FEATURE_PUBLIC = [
  'accounts/login-href',
  // A purchase refused for an unconfirmed address says so where it was refused (issue 34).
  'accounts/components/confirm-email-notice',
  'cart/components/book-coupon-banner',
  'cart/components/cart-button',
  // A member's coupon price on a volume page, and the query it is read with (issue 34 item 2).
  'cart/components/member-coupon-price',
  'cart/api/book-coupon-query',
  'cart/coupon-banner.server',
  // A purchase's result says the lottery tickets it earned (issue 40 item 4).
  'campaigns/components/lottery-earned',
  'catalog/api/free-ranking-query',
  'catalog/components/adult-gate',
  'catalog/components/book-to-book',
  'catalog/series-href',
  'invitations/components/book-page-banner',
  'invitations/components/end-reading-card',
  'notices/api/wish',
  'orders/components/buy-box',
  'serials/components/rental-payment',
  'subscriptions/components/subscription-teaser',
  'viewer/api/viewer-settings',
  'viewer/components/text-stage',
  // The serial episode viewer reads its pages with the book viewer's parts (issue 34).
  'viewer/components/page-reader',
  'viewer/hooks/use-viewport',
  'wallet/api/coin-return',
  'wallet/components/coin-shop-link',
  // The order history's payment rows borrow the wallet's and the cart's styles (to move into components/).
  'wallet/components/wallet.module.css',
  'cart/components/cart-button.module.css',
];

/**
 * What each server area offers to the others (paths inside apps/server/src/, no extension);
 * anything else inside an area is its own (eslint/server-area-boundaries.js). Areas are
 * `modules/<area>/` and the folders media/, payments/, import/ and web/; db/, http/ and ops/ are
 * infrastructure every area uses, and app.ts (with the other files at the top of src/) and the
 * demo/ data wire the areas together.
 */
export const SERVER_AREA_PUBLIC = [
  // The session, the §6 adult rule and the one-time-token endpoints every area's routes use.
  'modules/accounts/adult-access',
  'modules/accounts/session-plugin',
  'modules/accounts/sessions',
  'modules/accounts/token.routes',
  // What the pages (web/) do with accounts: sign-up, log-in and their rate limits, app sessions.
  'modules/accounts/accounts.service',
  'modules/accounts/app-session',
  'modules/accounts/app-settings.service',
  'modules/accounts/auth-attempts',
  // The writes of users and sessions the console makes (issue 43: accounts owns them).
  'modules/accounts/account-writes',
  // Paid purchases wait for a confirmed address (the buy path, the coin shop, subscriptions).
  'modules/accounts/email-confirmed',
  'modules/admin/load-context',
  // The console's guard, for the mail area's /admin/mail.
  'modules/admin/admin-guard',
  // The mail outbox every area writes its customers' mails to, in the causing transaction.
  'modules/mail/outbox',
  // The push outbox (issue 38): notices written beside their mail, sent as Web Push to the member's browsers.
  'modules/push/push-outbox',
  'modules/bookshelf/shelf-updates',
  'modules/campaigns/load-context',
  // The prize and ticket writes the console's lottery editor makes (issue 43: the campaigns own them).
  'modules/campaigns/lottery/lottery-writes',
  'modules/campaigns/missions/missions.service',
  'modules/campaigns/purchase-rewards',
  'modules/cart/bundle.service',
  'modules/cart/cart-view',
  'modules/cart/coupon-grants',
  'modules/cart/load-context',
  'modules/catalog/books.service',
  'modules/catalog/catalog-events',
  'modules/catalog/catalog-reads',
  // The writes of titles and books the import and the console make (issue 43: the catalog owns them).
  'modules/catalog/catalog-writes',
  'modules/catalog/title-facts',
  'modules/catalog/titles.service',
  'modules/catalog/search.service',
  // The store pages' catalog calls (web/create-load-context.ts) and their types.
  'modules/catalog/catalog.service',
  'modules/catalog/free-books.service',
  'modules/catalog/rankings.service',
  'modules/catalog/recommendations.service',
  'modules/invitations/invitation-rewards',
  'modules/invitations/load-context',
  'modules/ledger/ledger',
  'modules/ledger/member-lock',
  'modules/notices/newly-on-read',
  'modules/notices/wish-list.service',
  'modules/orders/cancel-order.service',
  // An operator's cancellation of a paid order and its refund through the provider (issue 39).
  'modules/orders/refund-order.service',
  'modules/orders/entitlements',
  'modules/orders/order-rows',
  'modules/orders/purchase',
  'modules/reading/load-context',
  'modules/reviews/load-context',
  'modules/reviews/member-reviews',
  'modules/reviews/review-notices',
  'modules/reviews/review-visibility',
  'modules/reviews/reviews.service',
  'modules/serials/load-context',
  'modules/tokens/one-time-tokens',
  'modules/tokens/secrets',
  'modules/wallet/load-context',
  'modules/wallet/reports',
  'modules/wallet/wallet.service',
  // Media: the stored files, the image sizes and the signed page URLs.
  'media/art/seven-segment',
  'media/derivatives',
  'media/media-config',
  'media/media-spec',
  'media/media-store',
  'media/signed-urls',
  // The book import, which the console's uploads run.
  'import/cbz',
  'import/eager-derivatives',
  'import/import-book',
  'import/import-error',
  'import/page-images',
  'import/zip-archive',
  // What a payment provider is; app.ts picks the provider and routes its decisions.
  'payments/payment-provider',
  // Stripe's payments (issue 39): the coin shop asks for the money after its transaction and settles the webhook's events.
  'payments/stripe-provider',
];

/** The plugin of this repository's own rules (eslint/). */
const hondana = {
  rules: {
    'domain-api-schemas': domainApiSchemas,
    'domain-area-cycles': domainAreaCycles,
    'server-area-boundaries': serverAreaBoundaries,
    'web-feature-boundaries': webFeatureBoundaries,
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/build/**', '**/dist/**', '**/.react-router/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Migrations see the database as it was, not as the current schema types say.
    files: ['apps/server/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // An area's repositories are its own: other areas call its services or public files
    // (docs/architecture.md). The allow-list below is what predates the rule; it only shrinks.
    files: ['apps/server/src/**/*.ts'],
    ignores: REPOSITORY_IMPORTS_ALLOWED,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '../*/*.repository',
                '../../*/*.repository',
                '../modules/*/*.repository',
                '../modules/*/*/*.repository',
                '../../modules/*/*.repository',
              ],
              message: "another area's repository: call that area's service or public file instead (docs/architecture.md)",
            },
          ],
        },
      ],
    },
  },
  {
    // Migrations see the database as it was: no server code, only kysely, the domain and each other.
    files: ['apps/server/src/db/migrations/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./', message: 'a migration sees the database as it was: write what it needs in the migration' }] },
      ],
    },
  },
  {
    // A server area's files are its own: other areas import what it offers (docs/architecture.md).
    files: ['apps/server/src/**/*.ts'],
    plugins: { hondana },
    rules: {
      'hondana/server-area-boundaries': [
        'error',
        { public: SERVER_AREA_PUBLIC, infrastructure: ['db', 'http', 'ops'], composition: ['demo'] },
      ],
    },
  },
  {
    // domain is pure: no I/O, no Node or DOM APIs (ARCHITECTURE.md).
    files: ['packages/domain/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', 'fs', 'path', 'crypto'], message: 'domain is pure: no Node APIs' }] },
      ],
    },
  },
  {
    // Domain areas are layered: no two import each other, directly or round a circle (issue 43).
    // An -api.ts file holds zod schemas and their types; its area's rules are in <topic>.ts.
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { hondana },
    rules: { 'hondana/domain-area-cycles': 'error', 'hondana/domain-api-schemas': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, hondana },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'hondana/web-feature-boundaries': ['error', { public: WEB_FEATURE_PUBLIC }],
      // The web app reaches the server only through load context and HTTP; it may name its types.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@hondana/server/*'], allowTypeImports: true, message: 'web imports server types only' }] },
      ],
      // Amounts are written one way, §5's (issue 43): a toLocaleString beside it was a second way.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='toLocaleString']",
          message: 'format amounts with formatAmount (@hondana/domain/common/format)',
        },
      ],
    },
  },
);
