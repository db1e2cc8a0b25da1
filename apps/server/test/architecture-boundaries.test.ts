import { existsSync } from 'node:fs';
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
    expect(await lint('apps/server/src/modules/catalog/new-thing.service.ts', code)).toEqual([
      expect.stringContaining("another area's repository"),
    ]);
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

describe('server area boundaries', () => {
  const rule = 'hondana/server-area-boundaries';
  const lines = (...imports: string[]) => [...imports, 'export const f = [];', ''].join('\n');

  it("refuses a new import of another area's private file, from a module or a folder area, types included", async () => {
    const service = lines("import { x } from '../catalog/books.repository-helpers';");
    expect(await lint('apps/server/src/modules/cart/new-thing.service.ts', service, rule)).toEqual([
      expect.stringContaining("'modules/catalog/books.repository-helpers' is inside the modules/catalog area"),
    ]);
    const types = lines("import type { X } from '../../web/load-context';");
    expect(await lint('apps/server/src/modules/reading/new-thing.ts', types, rule)).toEqual([
      expect.stringContaining('inside the web area'),
    ]);
    const fromFolder = lines("import { x } from '../modules/reading/reading-access';");
    expect(await lint('apps/server/src/media/new-thing.ts', fromFolder, rule)).toEqual([
      expect.stringContaining('inside the modules/reading area'),
    ]);
    const reexport = "export { x } from '../../orders/orders.service';\n";
    expect(await lint('apps/server/src/modules/wallet/subscriptions/new-thing.ts', reexport, rule)).toHaveLength(1);
    const demo = lines("import { x } from '../../demo/demo-people';");
    expect(await lint('apps/server/src/modules/accounts/new-thing.ts', demo, rule)).toHaveLength(1);
  });

  it('refuses area code in infrastructure and in a migration', async () => {
    const infra = lines("import { x } from '../modules/bookshelf/shelf-series.repository';");
    expect(await lint('apps/server/src/db/new-thing.ts', infra, rule)).toHaveLength(1);
    const migration = lines("import { refreshShelfSeries } from '../../modules/bookshelf/shelf-updates';");
    expect(await lint('apps/server/src/db/migrations/2099-01-01T0000-new.ts', migration)).toEqual([
      expect.stringContaining('a migration sees the database as it was'),
    ]);
  });

  it("allows another area's public files, the area's own files, infrastructure and the top of src/", async () => {
    const code = lines(
      "import { sessionUser } from '../accounts/session-plugin';",
      "import { signPageQuery } from '../../media/signed-urls';",
      "import { x } from './cart.repository';",
      "import { y } from '../cart/pre-order/new-part';",
      "import type { Database } from '../../db/schema';",
      "import { sendStored } from '../../http/stored-reply';",
      "import { StoreChanges } from '../../ops/store-changes';",
      "import type { Config } from '../../config';",
    );
    expect(await lint('apps/server/src/modules/cart/new-thing.service.ts', code, rule)).toEqual([]);
  });

  it('lets the composition root and the demo data import any file', async () => {
    const code = lines("import { x } from './modules/catalog/books.repository-helpers';", "import { y } from './web/member-part';");
    expect(await lint('apps/server/src/new-root.ts', code, rule)).toEqual([]);
    const demo = lines("import { x } from '../modules/catalog/titles.repository';");
    expect(await lint('apps/server/src/demo/new-thing.ts', demo, rule)).toEqual([]);
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

describe('the public lists', () => {
  // An entry whose file is gone would keep a door open for whatever takes its name next.
  const exists = (base: string, entry: string) =>
    ['', '.ts', '.tsx'].some((ext) => existsSync(new URL(`${base}/${entry}${ext}`, import.meta.url)));
  it('name only files that exist', async () => {
    const configFile = new URL('../../../eslint.config.js', import.meta.url).href;
    const { SERVER_AREA_PUBLIC, WEB_FEATURE_PUBLIC } = (await import(configFile)) as Record<string, string[]>;
    expect(SERVER_AREA_PUBLIC!.filter((entry) => !exists('../src', entry))).toEqual([]);
    expect(WEB_FEATURE_PUBLIC!.filter((entry) => !exists('../../web/app/features', entry))).toEqual([]);
  });
});
