import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from '../src/db/schema';
// @ts-expect-error: a plain script of the repository, no types (scripts/arch-report.mjs uses it too).
import { declaredOwners, ownershipReport } from '../../../scripts/table-owners.mjs';

/**
 * Issue 43: each table has one owning area, declared in its db/*-schema.ts, and a server file names
 * another area's table only as listed in scripts/table-owners.mjs (`TABLE_ALLOWANCES`, each with its
 * reason; the demo's seeding one exception).
 */
describe('tables with owners', () => {
  const report = ownershipReport();

  it('reads the owners the schema files declare, one for every table', () => {
    const parsed = Object.fromEntries(
      [...(declaredOwners() as Map<string, { owner: string }>)].map(([table, { owner }]) => [table, owner]),
    );
    expect(parsed).toEqual(TABLE_OWNERS);
    expect(report.unowned).toEqual([]);
    expect(report.tables).toBe(Object.keys(TABLE_OWNERS).length);
  });

  it("names another area's table only as a listed read view (or listed write)", () => {
    expect(report.violations).toEqual([]);
  });

  it('lists no allowance that is no longer used (the list only shrinks)', () => {
    expect(report.stale).toEqual([]);
  });

  it('writes titles and books only through the catalog (and the demo, seeding)', () => {
    const outside = (table: string) =>
      (report.writersOf(table) as string[]).filter((file) => !/^apps\/server\/src\/(modules\/catalog|demo)\//.test(file));
    expect(outside('books')).toEqual([]);
    // Reviews move their title's rating columns through the catalog's moveTitleRating (app.ts hands it over).
    expect(outside('titles')).toEqual([]);
  });
});
