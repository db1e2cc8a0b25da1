import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The lint rule that keeps each area's repositories its own (docs/architecture.md). */
const eslint = new ESLint({ cwd: new URL('../../..', import.meta.url).pathname });
const lint = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
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
