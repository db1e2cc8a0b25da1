import type { StoreLoadContext } from './load-context';

/**
 * The member's own answers a page was rendered with (decision 029). Every call of the load
 * context whose answer depends on who the member is goes through `record` (the answers a kept
 * page can be checked against) or `personal` (answers the member page cache cannot check: the
 * page is then rendered for this member alone and not kept). A member's page is a function of
 * its URL, the member's adult state, the shared catalog, and these answers: two members whose
 * answers are equal get the same page, and a member whose answers differ never gets it.
 */
export type MemberCallName =
  'cart.activeCount' | 'reviews.myReview' | 'reviews.isWished' | 'catalog.getBookDetail' | 'catalog.userToBook' | 'serials.home';

export interface MemberCall {
  name: MemberCallName;
  args: unknown[];
}

interface RecordedCall extends MemberCall {
  value?: unknown;
}

export class MemberPart {
  #calls: RecordedCall[] = [];
  #personal = false;

  /**
   * Runs a call whose answer is the member's own and records `project(answer)`: the part of the
   * answer that is the member's (what the rest of the answer holds must be the same for everyone).
   */
  async record<T>(name: MemberCallName, args: unknown[], run: () => Promise<T>, project: (value: T) => unknown = (v) => v): Promise<T> {
    const call: RecordedCall = { name, args };
    this.#calls.push(call);
    const value = await run();
    call.value = project(value);
    return value;
  }

  /**
   * `record` for a call whose recorded arguments come with its answer (a volume's title): `run`
   * gives the arguments, the answer the page gets, and the part of it that is the member's.
   */
  async recordWith<T>(name: MemberCallName, run: () => Promise<{ args: unknown[]; value: T; recorded: unknown }>): Promise<T> {
    const call: RecordedCall = { name, args: [] };
    this.#calls.push(call);
    const { args, value, recorded } = await run();
    call.args = args;
    call.value = recorded;
    return value;
  }

  /** Records a call answered elsewhere (the one member statement, `member-answers.repository.ts`): `value` as `record` would project it. */
  answered(name: MemberCallName, args: unknown[], value: unknown): void {
    this.#calls.push({ name, args, value });
  }

  /** A member's own answer the cache does not check (their shelf, profile, role, …): the page is theirs alone. */
  personal(): void {
    this.#personal = true;
  }

  get isPersonal(): boolean {
    return this.#personal;
  }

  /** The calls made, in the order they were made: what to ask again for the next member. */
  plan(): MemberCall[] {
    return this.#calls.map(({ name, args }) => ({ name, args }));
  }

  /** The calls and their answers: equal keys, equal member parts. */
  key(): string {
    return JSON.stringify(this.#calls.map((c) => [c.name, c.args, c.value === undefined ? null : c.value]));
  }

  reset(): void {
    this.#calls = [];
    this.#personal = false;
  }
}

/**
 * Asks the calls of `plan` again through `context`, whose calls record into `part`; `answered`
 * holds, by index in the plan, the answers already read (recorded into `part` as they are, in
 * the plan's order). Without a context every call of the plan must be answered.
 */
export function replay(
  context: StoreLoadContext | null,
  part: MemberPart,
  plan: readonly MemberCall[],
  answered: ReadonlyMap<number, unknown> = new Map(),
): Promise<unknown[]> {
  return Promise.all(
    plan.map(({ name, args }, index) => {
      if (answered.has(index)) {
        part.answered(name, args, answered.get(index));
        return undefined;
      }
      if (!context) throw new Error(`member call ${name} not answered`);
      switch (name) {
        case 'cart.activeCount':
          return context.cart.activeCount();
        case 'reviews.myReview':
          return context.reviews.myReview(args[0] as number);
        case 'reviews.isWished':
          return context.reviews.isWished(args[0] as number);
        case 'catalog.getBookDetail':
          return context.catalog.getBookDetail(args[0] as { bookId: number });
        case 'catalog.userToBook':
          return context.catalog.userToBook(args[0] as { limit: number });
        case 'serials.home':
          return context.serials.home(args[0] as { category: string | null });
      }
    }),
  );
}

/** Wraps every function of a context section so that calling it marks the member part personal. */
export function personalSection<T extends object>(section: T, part: MemberPart | undefined): T {
  if (!part) return section;
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(section)) {
    wrapped[name] =
      typeof value === 'function'
        ? (...args: unknown[]) => {
            part.personal();
            return (value as (...a: unknown[]) => unknown).apply(section, args);
          }
        : value;
  }
  return wrapped as T;
}
