import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from '../src/db/schema';
// @ts-expect-error: a plain script of the repository, no types (scripts/arch-report.mjs uses it too).
import { TABLE_ALLOWANCES, declaredOwners, ownershipReport, tableUses } from '../../../scripts/table-owners.mjs';

/**
 * Issue 43: each table has one owning area, declared in its db/*-schema.ts, and a server file names
 * another area's table only as listed in scripts/table-owners.mjs (`TABLE_ALLOWANCES`, each with its
 * reason; the demo's seeding one exception). Every table is written by its owner alone: another
 * area asks the owner (its public file, or a function `app.ts` or the caller hands over).
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

  it("names another area's table only as a listed read view", () => {
    expect(report.violations).toEqual([]);
  });

  it('writes each table only in its owning area (the demo apart): no write is listed', () => {
    const owners = declaredOwners() as Map<string, { owner: string }>;
    const uses = tableUses() as { file: string; area: string; table: string; write: boolean; line: number }[];
    const foreign = uses
      .filter((u) => u.write && owners.get(u.table)?.owner !== u.area && !u.file.startsWith('apps/server/src/demo/'))
      .map((u) => `${u.file}:${u.line}: writes ${u.table}, owned by ${owners.get(u.table)?.owner}`);
    expect(foreign).toEqual([]);
    expect((TABLE_ALLOWANCES as { file: string; writes?: string[] }[]).filter((a) => a.writes !== undefined)).toEqual([]);
    expect(report.allowanceWrites).toBe(0);
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
