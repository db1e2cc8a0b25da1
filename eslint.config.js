import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { webFeatureBoundaries } from './eslint/web-feature-boundaries.js';

/** Files that import another area's repository from before the boundary rule: none left (docs/architecture.md). */
const REPOSITORY_IMPORTS_ALLOWED = [];

/**
 * What each web feature offers to the others (paths inside apps/web/app/features/, no
 * extension); anything else inside a feature is its own (eslint/web-feature-boundaries.js).
 */
const WEB_FEATURE_PUBLIC = [
  'accounts/login-href',
  'cart/components/book-coupon-banner',
  'cart/components/cart-button',
  'cart/coupon-banner.server',
  'catalog/api/get-free-ranking',
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
  'viewer/hooks/use-viewport',
  'wallet/api/coin-return',
  'wallet/components/coin-shop-link',
  // The order history's payment rows borrow the wallet's and the cart's styles (to move into components/).
  'wallet/components/wallet.module.css',
  'cart/components/cart-button.module.css',
];

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
              group: ['../*/*.repository', '../../*/*.repository', '../modules/*/*.repository', '../modules/*/*/*.repository', '../../modules/*/*.repository'],
              message: "another area's repository: call that area's service or public file instead (docs/architecture.md)",
            },
          ],
        },
      ],
    },
  },
  {
    // domain is pure: no I/O, no Node or DOM APIs (ARCHITECTURE.md).
    files: ['packages/domain/src/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'fs', 'path', 'crypto'], message: 'domain is pure: no Node APIs' }] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, hondana: { rules: { 'web-feature-boundaries': webFeatureBoundaries } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'hondana/web-feature-boundaries': ['error', { public: WEB_FEATURE_PUBLIC }],
      // The web app reaches the server only through load context and HTTP; it may name its types.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@hondana/server/*'], allowTypeImports: true, message: 'web imports server types only' }] },
      ],
    },
  },
);
