import assert from 'node:assert/strict';
import { type APIRequestContext, request } from 'playwright-core';
import sharp from 'sharp';
import { deviceHeaders, makeOperator, PASSWORD, signUpMember } from './members';
import { passSecondFactor } from './second-factor';
import type { StoreServer } from './server';

/**
 * The journeys' set-up through the store itself (issue 43): what an operator does in the console
 * (its API, as the console's client calls it: a one-time token, then the change) and what anyone
 * reads on the store (a title found by its name, its volumes). Journeys never write the store's
 * database and never name a demo id: they find titles and volumes by name here.
 *
 * One operator per store, signed up, made operator with the store's command, signed in and past
 * the second factor once (`operator`); every fixture below acts as them.
 */

/** An Asia/Tokyo `YYYY-MM-DDTHH:mm` `ms` from now: the console's time format. */
export const tokyoMinute = (ms: number) => new Date(Date.now() + ms + 9 * 3_600_000).toISOString().slice(0, 16);
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** A signed-in operator's console calls. */
export interface Operator {
  email: string;
  get<T>(url: string): Promise<T>;
  post<T>(url: string, body: object): Promise<T>;
  put<T>(url: string, body: object): Promise<T>;
  /** An upload (an image, an archive) as the console's file fields send it. */
  upload<T>(url: string, body: Buffer, contentType: string): Promise<T>;
}

const operators = new Map<string, Promise<Operator>>();

/** The store's operator for fixtures: made the first time a journey asks, then reused. */
export function operator(store: StoreServer): Promise<Operator> {
  let made = operators.get(store.url);
  if (!made) {
    made = makeFixturesOperator(store);
    operators.set(store.url, made);
  }
  return made;
}

async function makeFixturesOperator(store: StoreServer): Promise<Operator> {
  const email = `fixtures-operator-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.jp`;
  await signUpMember(store, email, '運営');
  await makeOperator(store, email);
  const api: APIRequestContext = await request.newContext({
    baseURL: store.url,
    extraHTTPHeaders: { ...deviceHeaders(), origin: store.url },
  });
  const login = await api.post('/api/auth/login', { data: { email, password: PASSWORD } });
  assert.equal(login.status(), 200, await login.text());
  await passSecondFactor(api, store, email);
  const answer = async <T>(url: string, response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
    assert.equal(response.status(), 200, `${url}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const token = async () => ((await (await api.get('/api/admin/create_token')).json()) as { status: { token: string } }).status.token;
  return {
    email,
    get: async (url) => answer(url, await api.get(url)),
    post: async (url, body) => answer(url, await api.post(url, { data: { token: await token(), ...body } })),
    put: async (url, body) => answer(url, await api.put(url, { data: { token: await token(), ...body } })),
    upload: async (url, body, contentType) =>
      answer(
        url,
        await api.post(`${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(await token())}`, {
          data: body,
          headers: { 'content-type': contentType },
        }),
      ),
  };
}

// Finding things by name (what a person types into the search)

export interface FoundTitle {
  id: number;
  name: string;
}

/** The title of that exact name, found with the store's keyword search (R18 titles through the console's title search). */
export async function findTitle(store: StoreServer, name: string, options: { adult?: boolean } = {}): Promise<FoundTitle> {
  if (options.adult) {
    const { titles } = await (await operator(store)).get<{ titles: FoundTitle[] }>(`/api/admin/titles?q=${encodeURIComponent(name)}`);
    const title = titles.find((t) => t.name === name);
    assert.ok(title, `the console finds the title ${name}`);
    return { id: title.id, name: title.name };
  }
  const found = (await (await fetch(`${store.url}/api/lottery/search/title?word=${encodeURIComponent(name)}`)).json()) as {
    titles: FoundTitle[];
  };
  const title = found.titles.find((t) => t.name === name);
  assert.ok(title, `the search finds the title ${name}`);
  return { id: title.id, name: title.name };
}

export interface Volume {
  id: number;
  titleId: number;
  vol: number;
  price: number;
  contentsName: string;
  /** ON_SALE, or IN_RESERVATION for a volume released later (a pre-order). */
  salesStatus: string;
  startDatetime: number;
  layoutType: number;
  eroticType: number;
  hasSample: boolean;
}

/** The title's volumes on the store, in volume order (the series page's list). */
export async function volumesOf(store: StoreServer, titleId: number): Promise<Volume[]> {
  const response = await fetch(`${store.url}/api/books/by_title/v3?title_id=${titleId}&limit=100`);
  assert.equal(response.status, 200, await response.clone().text());
  const { books } = (await response.json()) as { books: Volume[] };
  return books
    .map((b) => ({
      id: b.id,
      titleId: b.titleId,
      vol: b.vol,
      price: b.price,
      contentsName: b.contentsName,
      salesStatus: b.salesStatus,
      startDatetime: b.startDatetime,
      layoutType: b.layoutType,
      eroticType: b.eroticType,
      hasSample: b.hasSample,
    }))
    .sort((a, b) => a.vol - b.vol);
}

/** Volume `vol` of the title of that name. */
export async function findVolume(store: StoreServer, titleName: string, vol: number): Promise<Volume> {
  const title = await findTitle(store, titleName);
  const volume = (await volumesOf(store, title.id)).find((b) => b.vol === vol);
  assert.ok(volume, `${titleName} has a volume ${vol}`);
  return volume;
}

/** The serial of a title found by its name, as the title's page finds it (`/api/serials/by_title/:id`): a title has one serial. */
export async function findSerialOfTitle(store: StoreServer, titleName: string): Promise<{ id: number; name: string; titleId: number }> {
  const title = await findTitle(store, titleName);
  const { serials } = (await (await fetch(`${store.url}/api/serials/by_title/${title.id}`)).json()) as {
    serials: { id: number; name: string }[];
  };
  assert.ok(serials[0], `${titleName} has a serial`);
  return { id: serials[0].id, name: serials[0].name, titleId: title.id };
}

// The console's catalog

export interface AdminBook {
  id: number;
  titleId: number;
  vol: number;
  price: number;
  version: number;
  published: boolean;
}
export interface AdminTitle {
  id: number;
  version: number;
  books: AdminBook[];
}

/** The title as the console shows it: its volumes, listed or not, with their versions. */
export async function consoleTitle(store: StoreServer, titleId: number): Promise<AdminTitle> {
  return (await operator(store)).get<AdminTitle>(`/api/admin/titles/${titleId}`);
}

/** The book as the console shows it now (its version for the next save). */
async function adminBook(store: StoreServer, book: { id: number; titleId: number }): Promise<AdminBook> {
  const title = await consoleTitle(store, book.titleId);
  const found = title.books.find((b) => b.id === book.id);
  assert.ok(found, `title ${book.titleId} has book ${book.id}`);
  return found;
}

/** Saves a volume's fields in the console (price, sale, free period, release…): the fields sent change, the others stay. */
export async function editBook(
  store: StoreServer,
  book: { id: number; titleId: number },
  fields: Record<string, unknown>,
): Promise<AdminBook> {
  const { version } = await adminBook(store, book);
  return (await operator(store)).put<AdminBook>(`/api/admin/books/${book.id}`, { version, ...fields });
}

/** Lists or unlists a volume in the console (公開 / 販売停止). */
export async function publishBook(store: StoreServer, book: { id: number; titleId: number }, published: boolean): Promise<AdminBook> {
  const { version } = await adminBook(store, book);
  return (await operator(store)).post<AdminBook>(`/api/admin/books/${book.id}/publish`, { version, published });
}

// The console's promotions

/** A coupon made in the console (`audience` NEW: offered to guests on the cart's banner, received on sign-up). */
export async function createCoupon(
  store: StoreServer,
  coupon: Record<string, unknown> & { name: string; expiresInMs: number },
): Promise<{ id: number }> {
  const { expiresInMs, ...fields } = coupon;
  return (await operator(store)).post('/api/admin/coupons', {
    targetScope: 0,
    audience: 'ALL',
    ...fields,
    expireAt: tokyoMinute(expiresInMs),
  });
}

/** The login-appeal coupon of §5: 50% off up to 3 books, for members who sign up, expiring `expiresInMs` from now. */
export function createLoginCoupon(store: StoreServer, expiresInMs: number): Promise<{ id: number }> {
  return createCoupon(store, {
    name: '新規会員 半額クーポン',
    couponType: 1,
    rate: 50,
    limit: 3,
    minCartPrice: 0,
    audience: 'NEW',
    expiresInMs,
  });
}

/** A point campaign made in the console, running from a minute ago with no end unless said. */
export async function createPointCampaign(
  store: StoreServer,
  campaign: Record<string, unknown> & { type: string; name: string },
): Promise<{ id: number }> {
  return (await operator(store)).post('/api/admin/point_campaigns', { start: tokyoMinute(-60_000), ...campaign });
}

/** A banner's art (a band of colour with a frame) at 480×90, uploaded as the console's banner form does. */
export async function uploadBannerImage(store: StoreServer, color = '#d94f2b'): Promise<{ imageId: number; imageUrl: string }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="180"><rect width="100%" height="100%" fill="${color}"/><rect x="8" y="8" width="944" height="164" fill="none" stroke="#fff3d6" stroke-width="6"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return (await operator(store)).upload('/api/admin/banner_images', png, 'image/png');
}

/** A reach banner made in the console; `ended` ends it at once (the console's 終了する). */
export async function createReachBanner(
  store: StoreServer,
  banner: { jumpUrl: string; colorCode?: string; priority?: number; startInMs: number; endInMs: number; ended?: boolean },
): Promise<{ id: number }> {
  const op = await operator(store);
  const { imageId } = await uploadBannerImage(store);
  const made = await op.post<{ id: number; version: number }>('/api/admin/banners', {
    imageId,
    jumpUrl: banner.jumpUrl,
    colorCode: banner.colorCode ?? '#fde8c8',
    location: 'top',
    priority: banner.priority ?? 10,
    start: tokyoMinute(banner.startInMs),
    end: tokyoMinute(banner.endInMs),
  });
  if (banner.ended) await op.post(`/api/admin/banners/${made.id}/end`, { version: made.version });
  return made;
}

/** The guests' appeal on the top page, made in the console. */
export async function createNonLoginAppeal(
  store: StoreServer,
  appeal: { name: string; imageUrl: string; appealText: string; startInMs: number; endInMs: number },
): Promise<{ id: number }> {
  return (await operator(store)).post('/api/admin/non_login_appeals', {
    name: appeal.name,
    imageUrl: appeal.imageUrl,
    appealText: appeal.appealText,
    start: tokyoMinute(appeal.startInMs),
    end: tokyoMinute(appeal.endInMs),
  });
}

// The console's lottery campaigns

export interface LotteryPrize {
  id: number;
  rank: number;
  name: string;
  kind: string;
  amount: number;
  bookId: number | null;
  couponId: number | null;
  odds: number;
  stock: number | null;
  drawn: number;
}
export interface LotteryBox {
  id?: number;
  name: string;
  sortOrder: number;
  prizes: (Omit<LotteryPrize, 'id' | 'drawn'> & { id?: number; drawn?: number })[];
}
export interface LotteryCampaign {
  id: number;
  name: string;
  version: number;
  boxes: { id: number; name: string; sortOrder: number; prizes: LotteryPrize[] }[];
  ticketRules: { perOrder: number; readEndFree: number; readEndPriced: number; share: number };
}

/** The demo's lottery campaign (`DEMO_LOTTERY_NAME` of the demo catalog). */
export const DEMO_LOTTERY = '本棚 冬のくじ引きキャンペーン';

/** The lottery campaign of that name as the console shows it (its boxes, prizes with what was drawn, version). */
export async function findLotteryCampaign(store: StoreServer, name = DEMO_LOTTERY): Promise<LotteryCampaign> {
  const { campaigns } = await (await operator(store)).get<{ campaigns: LotteryCampaign[] }>('/api/admin/lottery_campaigns');
  const campaign = campaigns.find((c) => c.name === name);
  assert.ok(campaign, `the console lists the lottery campaign ${name}`);
  return campaign;
}

/** Saves a lottery campaign in the console: its boxes as they will be (saved ones by id), ticket rules… */
export async function editLotteryCampaign(
  store: StoreServer,
  name: string,
  change: (campaign: LotteryCampaign) => { boxes?: LotteryBox[]; ticketRules?: Partial<LotteryCampaign['ticketRules']> },
): Promise<LotteryCampaign> {
  const campaign = await findLotteryCampaign(store, name);
  const { boxes, ticketRules } = change(campaign);
  const body: Record<string, unknown> = { version: campaign.version };
  if (boxes) body.boxes = boxes.map((b) => ({ ...b, prizes: b.prizes.map(({ drawn: _drawn, ...p }) => p) }));
  if (ticketRules) body.ticketRules = { ...campaign.ticketRules, ...ticketRules };
  return (await operator(store)).put<LotteryCampaign>(`/api/admin/lottery_campaigns/${campaign.id}`, body);
}

// The console's serials

/** The serial of that name as the console lists it. */
export async function findSerial(store: StoreServer, name: string): Promise<{ id: number; name: string; titleId: number | null }> {
  const { serials } = await (
    await operator(store)
  ).get<{ serials: { id: number; name: string; titleId: number | null }[] }>('/api/admin/serials');
  const serial = serials.find((s) => s.name === name);
  assert.ok(serial, `the console lists the serial ${name}`);
  return serial;
}

/** A title of the console's list that has no serial yet (a title has one serial), for a new serial. */
export async function titleWithoutSerial(store: StoreServer): Promise<FoundTitle> {
  const op = await operator(store);
  const taken = new Set((await op.get<{ serials: { titleId: number | null }[] }>('/api/admin/serials')).serials.map((s) => s.titleId));
  const { titles } = await op.get<{ titles: FoundTitle[] }>('/api/admin/titles?q=');
  const title = titles.find((t) => !taken.has(t.id));
  assert.ok(title, 'the console lists a title without a serial');
  return { id: title.id, name: title.name };
}

/** Saves a serial's settings in the console (its 待てば無料 minutes, rental minutes…). */
export async function editSerial(
  store: StoreServer,
  serialId: number,
  fields: { chargeMinutes?: number; rentalMinutes?: number; orderOnly?: boolean; ticketUsable?: boolean },
): Promise<void> {
  const op = await operator(store);
  const { version } = await op.get<{ version: number }>(`/api/admin/serials/${serialId}`);
  await op.put(`/api/admin/serials/${serialId}`, { version, ...fields });
}

/** A new serial of a title made in the console, with its episodes (free ones unless a price is given), released an hour ago. */
export async function createSerial(
  store: StoreServer,
  serial: {
    titleId: number;
    name: string;
    description?: string;
    category: string;
    chargeMinutes?: number;
    rentalMinutes?: number;
    episodes: { title: string; price?: number; pageCount?: number }[];
  },
): Promise<{ id: number }> {
  const op = await operator(store);
  const made = await op.post<{ id: number }>('/api/admin/serials', {
    titleId: serial.titleId,
    name: serial.name,
    description: serial.description ?? '',
    themeColor: '#884444',
    subColor: '#ffdddd',
    category: serial.category,
    ticketUsable: true,
    rewardUsable: false,
    chargeMinutes: serial.chargeMinutes ?? 1380,
    rentalMinutes: serial.rentalMinutes ?? 180,
    orderOnly: false,
  });
  for (const episode of serial.episodes) {
    const price = episode.price ?? 0;
    await op.post(`/api/admin/serials/${made.id}/episodes`, {
      title: episode.title,
      price,
      spendType: price === 0 ? 0 : 1,
      releaseAt: tokyoMinute(-HOUR),
      pageCount: episode.pageCount ?? 1,
    });
  }
  return made;
}

// The console's members (support's view)

/** The member of that e-mail as the console's member search finds them. */
export async function findMember(store: StoreServer, email: string): Promise<{ id: number; email: string }> {
  const { members } = await (
    await operator(store)
  ).get<{ members: { id: number; email: string }[] }>(`/api/admin/members?q=${encodeURIComponent(email)}`);
  const member = members.find((m) => m.email === email);
  assert.ok(member, `the console finds the member ${email}`);
  return member;
}

/** The order through which the member holds the book, as the console's member page lists their books. */
export async function orderOfBook(store: StoreServer, email: string, bookId: number): Promise<number> {
  const { id } = await findMember(store, email);
  const { books } = await (await operator(store)).get<{ books: { bookId: number; orderId: number | null }[] }>(`/api/admin/members/${id}`);
  const orderId = books.find((b) => b.bookId === bookId)?.orderId;
  assert.ok(orderId, `the console lists book ${bookId} of ${email} with its order`);
  return orderId;
}
