import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import { type Clock, systemClock } from '@hondana/domain/common/time';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { apiNotFound, registerErrorHandling } from './http/errors';
import { lazyChildLoggerFactory } from './http/lazy-child-logger';
import { safeLoggerOptions } from './http/logging';
import { registerMaintenanceGate } from './http/maintenance-gate';
import { registerPerRequest } from './http/per-request';
import { BODY_LIMIT_BYTES, registerRequestBodies } from './http/request-bodies';
import { requestIds } from './http/request-ids';
import { responseSerializerCompiler } from './http/response-schemas';
import { healthRoutes } from './ops/health.routes';
import { registerHousekeeping } from './ops/housekeeping';
import { CspReportCounts, cspReportRoutes } from './ops/csp-reports';
import { registerMetrics } from './ops/metrics';
import { Readiness, databaseCheck, migrationsCheck } from './ops/readiness';
import { createMediaStore } from './media/media-config';
import type { MediaStore } from './media/media-store';
import type { DrawingSource } from './media/media.service';
import { demoDrawings } from './demo/drawing-source';
import { Scheduler } from './ops/scheduler';
import { MaintenanceState } from './ops/maintenance';
import { StoreChanges } from './ops/store-changes';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { sessionPlugin } from './modules/accounts/session-plugin';
import { registerAppSession } from './modules/accounts/app-session';
import { LONGEST_AUTH_WINDOW_MS } from './modules/accounts/auth-attempts';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { rewardPurchase } from './modules/campaigns/purchase-rewards';
import { rentalPayments } from './modules/serials/rental-payments';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { onPaymentDecision as coinPackPaymentDecision } from './modules/wallet/coin-purchase.service';
import { subscriptionRoutes } from './modules/wallet/subscriptions/subscriptions.routes';
import { SUBSCRIPTION_ORDER_KIND, subscriptionPaymentDecision } from './modules/wallet/subscriptions/subscription-billing.service';
import { readingRoutes } from './modules/reading/reading.routes';
import { noticesRoutes } from './modules/notices/notices.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { forgetTitleFacts } from './modules/catalog/title-facts';
import { moveTitleRating } from './modules/catalog/catalog-writes';
import { giveCouponOnce } from './modules/cart/coupon-grants';
import { serialsRoutes } from './modules/serials/serials.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { cartPaymentDecision } from './modules/cart/cart-payment.service';
import type { PaymentProvider } from './payments/payment-provider';
import { createSandboxProvider, sandboxMaintenanceFromEnv, sandboxTtlFromEnv } from './payments/sandbox-provider';
import { type IntentState, createStripeProvider, isStripeProvider, stripeConfigFromEnv } from './payments/stripe-provider';
import { endWaitingFirstPayments, settleIfSubscriptionOrder } from './modules/wallet/subscriptions/stripe-renewals';
import { refundFailedAtProvider } from './modules/orders/refund-order.service';
import { stripeWebhookRoutes } from './modules/wallet/stripe-coin-payments';
import { settleIfCartOrder, stripeCartJobs } from './modules/cart/stripe-cart-payments';
import { sandboxRoutes } from './payments/sandbox.routes';
import { sandboxCardRoutes } from './payments/sandbox-card.routes';
import { decisionByOrderKind } from './payments/decision-dispatch';
import { guestBookDetails } from './modules/catalog/guest.service';
import { type CampaignRoutesOptions, campaignRoutes } from './modules/campaigns/campaigns.routes';
import { bookshelfRoutes } from './modules/bookshelf/bookshelf.routes';
import { setBooksHidden } from './modules/orders/entitlements';
import { trackingRoutes } from './modules/tracking/tracking.routes';
import { type TrackingBuffer, createTrackingBuffer } from './modules/tracking/tracking.service';
import { invitationLinkRoutes, invitationRoutes } from './modules/invitations/invitations.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { mediaRoutes } from './media/media.routes';
import { heldBookIds } from './modules/reading/entitlements';
import { canServeEpisodePage } from './modules/serials/episode-access';
import { webPlugin } from './web/web-plugin';
import { mailRoutes } from './modules/mail/mail.routes';
import { forgetMailsAtWithdrawal } from './modules/mail/outbox';
import { forgetPushesAtWithdrawal } from './modules/push/push-outbox';
import type { Agent as HttpsAgent } from 'node:https';
import { pushRoutes } from './modules/push/push.routes';
import { vapidSubject } from './modules/push/vapid';
import { type Mailer, createMailer } from './modules/mail/mailer';
import { defaultMailConfig } from './modules/mail/mail-config';
import { memberMailAddress } from './modules/accounts/mail-recipient';
import type { WithdrawalParts } from './modules/accounts/withdrawal.service';
import { mailNoticesEnabled, turnMailNoticesOff } from './modules/notices/notification-settings';
import { dropNoticesAtWithdrawal } from './modules/notices/withdrawn-member';
import { anonymiseReviewsAtWithdrawal } from './modules/reviews/withdrawn-author';
import { cancelSubscriptionsAtWithdrawal, liveSubscriptionPlans } from './modules/wallet/subscriptions/withdrawal';

export interface AppOptions {
  database: DatabaseHandle;
  config: Pick<Config, 'cookieSecure' | 'dataDir' | 'secrets'> &
    Partial<
      Pick<
        Config,
        'guestPageCacheSeconds' | 'memberPageCache' | 'trustProxy' | 'metricsToken' | 'logRequests' | 'media' | 'checkResponses' | 'mail'
      >
    >;
  /** Where mail goes; default from `config.mail`: SMTP, or `.eml` files in DATA_DIR/mail (`modules/mail/mailer.ts`). */
  mailer?: Mailer;
  /** The TLS agent Web Push requests go through (a test's stand-in push service trusts its own certificate); default Node's. */
  pushAgent?: HttpsAgent;
  /** The media store (tests pass one); default from `config.media`: DATA_DIR/media or S3. */
  mediaStore?: MediaStore;
  /** What the media service draws for images without a stored original; default: the demo's art. */
  drawings?: DrawingSource;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Login and signup attempts a minute, per client address and per account (`modules/accounts/auth-attempts.ts`). */
  authRateLimit?: number;
  /** Milliseconds before a request is answered 408 (§9: 30000). */
  requestTimeoutMs?: number;
  /** Serve the server-rendered store pages (needs `apps/web/build`); off in API tests. */
  web?: boolean;
  /** The lottery's human check and random source (`modules/campaigns/routes.ts`); sandbox and crypto by default. */
  campaigns?: CampaignRoutesOptions;
  /** The `/log/*` events' buffer (`modules/tracking/`); one writing into `events` by default. */
  tracking?: TrackingBuffer;
  /**
   * The payment provider of coin packs, cart orders and subscriptions; default: the sandbox, with
   * the methods of `SANDBOX_MAINTENANCE` under maintenance.
   */
  paymentProvider?: PaymentProvider;
}

/** What every module's routes and services share. */
interface AppDeps {
  database: DatabaseHandle;
  clock: Clock;
  config: AppOptions['config'];
  /** Originals and derivatives of page images and covers (`media/media-store.ts`). */
  media: MediaStore;
  /** Draws covers and pages that have no stored original (the demo's art: `demo/drawing-source.ts`). */
  drawings: DrawingSource;
  /** Change counters of the catalog and settings: publish after a write, subscribe to drop a cache (`ops/store-changes.ts`). */
  changes: StoreChanges;
  /** The operator's §4 maintenance mode, as this process last read it (`ops/maintenance.ts`). */
  maintenance: MaintenanceState;
}

/** Running as one of several processes: the shared scheduler and what `/readyz` checks. */
interface Ops {
  /** Features register their scheduled jobs here while the app is built (`ops/scheduler.ts`). */
  scheduler: Scheduler;
  /** `/readyz`'s checks; `readiness.shutDown()` turns it 503 (SIGTERM). */
  readiness: Readiness;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    ops: Ops;
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: safeLoggerOptions(options.logger ?? false),
    // x-request-id is read by genReqId, which keeps a caller's id only when it is a plain token.
    requestIdHeader: false,
    genReqId: requestIds(),
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY), never from any client.
    trustProxy: config.trustProxy || false,
    // A request that arrives on a kept-alive connection while the process shuts down is still
    // served (with `connection: close`), not refused with a 503.
    return503OnClosing: false,
    // The pages' plugin imports the web app's server build: on a loaded two-core machine that took
    // past avvio's default 10 s (a server test failed with "Plugin did not start in time: 'hondana-web'").
    pluginTimeout: 60_000,
    // Per-request access lines cost a third of the throughput (LOG_REQUESTS turns them on);
    // errors are always logged with their request id.
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    // A request's pino child is made when it first logs: most never do, and making it (its
    // bindings serialized and redacted, logging.ts) was 2–3 % of a book detail's CPU (issue 36).
    // Without a logger Fastify makes no child at all.
    ...(options.logger ? { childLoggerFactory: lazyChildLoggerFactory } : {}),
    bodyLimit: BODY_LIMIT_BYTES,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: config.checkResponses ?? false }));
  const media = options.mediaStore ?? createMediaStore(config.dataDir, config.media);
  const changes = new StoreChanges({
    db: database.db,
    connectionString: database.connectionString,
    log: (err, message) => app.log.error({ err }, message),
  });
  const maintenance = new MaintenanceState(database.db);
  maintenance.follow(changes);
  const drawings = options.drawings ?? demoDrawings(database.db);
  app.decorate('deps', { database, clock, config, media, drawings, changes, maintenance });
  app.addHook('onReady', async () => {
    await maintenance.load();
    await changes.start();
  });
  app.addHook('onClose', async () => changes.stop());

  const scheduler = new Scheduler({
    db: database.db,
    clock: () => clock().getTime(),
    log: (run) => {
      if (run.outcome === 'failed') app.log.error({ err: run.error, job: run.name }, 'scheduled job failed');
    },
  });
  const readiness = new Readiness();
  readiness.add('database', databaseCheck(database.db));
  readiness.add('migrations', migrationsCheck(database.db));
  readiness.add('media', () => media.check());
  app.decorate('ops', { scheduler, readiness });
  app.addHook('onClose', async () => scheduler.stop());

  registerMaintenanceGate(app, () => maintenance.mode);
  const perRequest = registerPerRequest(app, {
    timeoutMs: options.requestTimeoutMs ?? 30_000,
    isClosing: () => readiness.shuttingDown,
  });
  registerErrorHandling(app, perRequest.secure);
  registerRequestBodies(app);
  const tracking =
    options.tracking ??
    createTrackingBuffer(database.db, {
      onError: (error, dropped) => app.log.error({ err: error, dropped }, 'tracking events not written'),
    });
  app.addHook('onClose', () => tracking.close());
  const cspReports = new CspReportCounts();
  registerMetrics(app, { token: config.metricsToken, database, scheduler, clock: () => clock().getTime(), tracking, cspReports });
  await app.register(compress, { threshold: 1024 });
  await app.register(formbody);
  await app.register(sessionPlugin);
  registerAppSession(app);
  registerHousekeeping(scheduler, { rateWindowMs: LONGEST_AUTH_WINDOW_MS });
  await app.register(healthRoutes);

  // PAYMENT_PROVIDER=stripe with its keys (issue 39: coin packs by card so far), else the sandbox.
  const stripeConfig = options.paymentProvider ? null : stripeConfigFromEnv();
  const provider =
    options.paymentProvider ??
    (stripeConfig
      ? createStripeProvider(stripeConfig)
      : createSandboxProvider({
          maintenance: sandboxMaintenanceFromEnv(process.env.SANDBOX_MAINTENANCE),
          confirmationTtlMs: sandboxTtlFromEnv(),
        }));
  // A carrier's page decides coin packs, cart orders and subscription cycles alike: each decision
  // goes to the area that started the order, by its kind.
  const onPaymentDecision = decisionByOrderKind({
    MANGA_COIN: coinPackPaymentDecision,
    BOOK: cartPaymentDecision,
    [SUBSCRIPTION_ORDER_KIND]: subscriptionPaymentDecision,
  });

  const mailConfig = config.mail ?? defaultMailConfig();
  const mailer = options.mailer ?? createMailer(mailConfig, config.dataDir);
  // Withdrawal reaches into the areas that depend on accounts: they are passed in here.
  const withdrawal: WithdrawalParts = {
    subscriptionsOf: liveSubscriptionPlans,
    steps: [
      cancelSubscriptionsAtWithdrawal,
      anonymiseReviewsAtWithdrawal,
      dropNoticesAtWithdrawal,
      forgetMailsAtWithdrawal,
      forgetPushesAtWithdrawal,
    ],
    // Stripe: a subscription's first payment still waiting on 3-D Secure is cancelled there (or, passed meanwhile, granted).
    afterwards: isStripeProvider(provider)
      ? (db, userId, now) => endWaitingFirstPayments(db, provider.stripe, userId, now, (m) => app.log.warn(m))
      : undefined,
  };

  await app.register(
    async (api) => {
      api.setNotFoundHandler(perRequest.notFound(apiNotFound));
      await api.register(accountsRoutes, { authRateLimit: options.authRateLimit ?? 10, withdrawal });
      // A member's mail goes to their address when it is sent; notice mails only while their switch (notices) is on.
      await api.register(mailRoutes, {
        mailer,
        config: mailConfig,
        recipient: async (db, userId) => {
          const member = await memberMailAddress(db, userId);
          return member ? { ...member, mailNotices: await mailNoticesEnabled(db, userId) } : null;
        },
        mailSwitch: { isOn: mailNoticesEnabled, turnOff: async (db, userId, now) => void (await turnMailNoticesOff(db, userId, now)) },
      });
      // Web Push of the notices (issue 38): VAPID subject the mail's From, drained as often as the mail.
      await api.register(pushRoutes, { subject: vapidSubject(mailConfig.from), everyMs: mailConfig.everyMs, agent: options.pushAgent });
      await api.register(catalogRoutes);
      await api.register(walletRoutes, { provider });
      await api.register(subscriptionRoutes, { provider });
      await api.register(sandboxRoutes, { onDecision: onPaymentDecision, ttlMs: provider.confirmationTtlMs });
      // Stripe's signed webhook and the reconciliation job (its own plugin: the body is read raw there).
      if (isStripeProvider(provider)) {
        const stripe = provider.stripe;
        // Cart orders' intents are settled by the cart area, subscriptions' by theirs; coin packs' by the wallet's webhook.
        const settleOther = async (intent: IntentState, now: number) =>
          (await settleIfCartOrder(database.db, stripe, intent, now)) ||
          (await settleIfSubscriptionOrder(database.db, stripe, intent, now));
        const refundFailed = (refund: { refundRef: string; reason: string | null; now: number }) =>
          refundFailedAtProvider(database.db, refund);
        await api.register(stripeWebhookRoutes, { stripe, settleOther, refundFailed });
        await api.register(stripeCartJobs, { stripe });
      }
      await api.register(ordersRoutes, { rewardPurchase, rentalPayments });
      await api.register(readingRoutes);
      await api.register(reviewsRoutes, { forgetTitleFacts, moveTitleRating });
      await api.register(noticesRoutes);
      await api.register(serialsRoutes);
      await api.register(cartRoutes, { provider, guestBookDetails });
      await api.register(campaignRoutes, { ...options.campaigns, giveCoupon: giveCouponOnce });
      await api.register(bookshelfRoutes, { setBooksHidden });
      await api.register(trackingRoutes, { buffer: tracking });
      await api.register(cspReportRoutes, { counts: cspReports });
      await api.register(invitationRoutes);
      await api.register(adminRoutes, { provider });
    },
    { prefix: '/api' },
  );
  // The sandbox provider's card endpoint: the page's card fields post the card here, never to /api.
  if (provider.name === 'sandbox') await app.register(sandboxCardRoutes);
  await app.register(mediaRoutes, { grants: { heldBookIds, canServeEpisodePage } });
  await app.register(invitationLinkRoutes);
  if (options.web) {
    await app.register(webPlugin, {
      authRateLimit: options.authRateLimit ?? 10,
      guestPageCacheSeconds: options.config.guestPageCacheSeconds ?? 0,
      memberPageCache: options.config.memberPageCache ?? true,
      perRequest,
      // Stripe.js and its frames only where Stripe takes the payments (issue 39).
      // STRIPE_JS_URL (tests only): the local stand-in's origin too, for its script, frames and API.
      policy: {
        stripe: isStripeProvider(provider),
        ...(isStripeProvider(provider) && provider.stripe.jsUrl ? { stripeOrigins: [new URL(provider.stripe.jsUrl).origin] } : {}),
      },
    });
  } else app.setNotFoundHandler(perRequest.notFound(apiNotFound));
  return app;
}
