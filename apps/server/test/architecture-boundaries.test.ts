import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The lint rule that keeps each area's repositories its own (docs/architecture.md). */
const eslint = new ESLint({ cwd: new URL('../../..', import.meta.url).pathname });
const lint = async (filePath: string, code: string, rule = 'no-restricted-imports') => {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
};

describe('area boundaries', () => {
  it("refuses a new import of another area's repository", async () => {
    const code = "import { findBook } from '../orders/orders.repository';\nexport const f = findBook;\n";
    expect(await lint('apps/server/src/modules/catalog/new-thing.service.ts', code)).toEqual([expect.stringContaining("another area's repository")]);
    const nested = "import { x } from '../../orders/orders.repository';\nexport const f = x;\n";
    expect(await lint('apps/server/src/modules/wallet/subscriptions/new.service.ts', nested)).toHaveLength(1);
    const outside = "import { x } from '../modules/catalog/books.repository';\nexport const f = x;\n";
    expect(await lint('apps/server/src/media/new-thing.ts', outside)).toHaveLength(1);
  });

  it("allows an area's own repository and another area's service", async () => {
    const own = "import { x } from './books.repository';\nimport { y } from '../orders/purchase';\nexport const f = [x, y];\n";
    expect(await lint('apps/server/src/modules/catalog/new-thing.service.ts', own)).toEqual([]);
  });
});

describe('web feature boundaries', () => {
  const rule = 'hondana/web-feature-boundaries';

  it("refuses an import of another feature's internals, relative or through ~/", async () => {
    const relative = "import { x } from '../../wallet/components/wallet-summary';\nexport const f = x;\n";
    expect(await lint('apps/web/app/features/cart/components/new-thing.tsx', relative, rule)).toEqual([
      expect.stringContaining("'wallet/components/wallet-summary' is inside the wallet feature"),
    ]);
    const alias = "import { x } from '~/features/orders/api/get-orders';\nexport const f = x;\n";
    expect(await lint('apps/web/app/features/catalog/new-thing.ts', alias, rule)).toHaveLength(1);
  });

  it('allows what a feature offers, its own files, components/ and lib/', async () => {
    const code = [
      "import { CoinShopLink } from '../../wallet/components/coin-shop-link';",
      "import { x } from '../api/get-cart';",
      "import { y } from '../../../components/pager';",
      "import { z } from '../../../lib/tokyo-date';",
      'export const f = [CoinShopLink, x, y, z];',
      '',
    ].join('\n');
    expect(await lint('apps/web/app/features/cart/components/new-thing.tsx', code, rule)).toEqual([]);
  });
});
