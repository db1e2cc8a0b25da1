import type { Migration } from 'kysely';
import * as accounts from './2026-11-22T0100-accounts';
import * as catalog from './2026-11-22T0200-catalog';
import * as catalogSearch from './2026-11-22T0310-catalog-search';
import * as reviews from './2026-11-22T0400-reviews';
import * as notices from './2026-11-22T0410-notices';
import * as wallet from './2026-11-22T0500-wallet';
import * as orders from './2026-11-22T0510-orders';
import * as reading from './2026-11-22T0600-reading';
import * as serials from './2026-11-22T0700-serials';
import * as cart from './2026-11-22T0800-cart';
import * as bundles from './2026-11-22T0810-bundles';
import * as cartPayments from './2026-11-22T0815-cart-payments';
import * as preOrderBonus from './2026-11-22T0820-pre-order-bonus';
import * as reviewRatings from './2026-11-22T0900-review-ratings';
import * as serialsOsusumes from './2026-11-22T0910-serials-osusumes';
import * as ops from './2026-11-25T0300-ops';
import * as campaigns from './2026-11-25T0400-campaigns';
import * as subscriptions from './2026-11-25T0700-subscriptions';
import * as bookImports from './2026-11-25T0800-book-imports';
import * as textImages from './2026-11-28T1010-text-images';
import * as storeSettings from './2026-11-25T0900-store-settings';
import * as userAppSettings from './2026-11-25T0950-user-app-settings';
import * as ledgerLinesJapanese from './2026-11-25T0810-ledger-lines-japanese';
import * as bookshelf from './2026-11-25T0820-bookshelf';
import * as tracking from './2026-11-25T0940-tracking';
import * as invitations from './2026-11-25T0910-invitations';
import * as operatorConsole from './2026-11-25T0920-operator-console';
import * as consoleCommerce from './2026-11-28T1020-console-commerce';
import * as consoleSerialsCovers from './2026-11-28T1030-console-serials-covers';
import * as pointCampaignScopes from './2026-11-28T1050-point-campaign-scopes';
import * as coinPurchaseReturns from './2026-11-28T1050b-coin-purchase-returns';
import * as reachBannerVersion from './2026-11-28T1070-reach-banner-version';
import * as episodePageUploads from './2026-11-28T1110-episode-page-uploads';
import * as bannerImages from './2026-12-06T03-banner-images';
import * as accountsMail from './2026-12-06T0700-accounts-mail';
import * as sandboxCardTokens from './2026-12-06T1000-sandbox-card-tokens';
import * as lotteryCampaignVersion from './2026-12-06T1300-lottery-campaign-version';
import * as webPush from './2026-12-06T1400-web-push';
import * as newEpisodePushes from './2026-12-06T1500-new-episode-pushes';
import * as missionVersion from './2026-12-06T1600-mission-version';
import * as invitationCampaignVersion from './2026-12-06T1610-invitation-campaign-version';
import * as subscriptionPlanEditor from './2026-12-06T1620-subscription-plan-editor';
import * as nonLoginAppealVersion from './2026-12-06T1625-non-login-appeal-version';
import * as taxonomyEditor from './2026-12-06T1710-taxonomy-editor';
import * as featureVersion from './2026-12-06T1720-feature-version';
import * as preOrderBonusVersion from './2026-12-06T1725-pre-order-bonus-version';
import * as ordersCreatedAt from './2026-12-06T1730-orders-created-at';
import * as staffSecondFactor from './2026-12-06T2000-staff-second-factor';
import * as rankingScores from './2026-12-06T2030-ranking-scores';
import * as konbiniPayments from './2026-12-07T0100-konbini-payments';
import * as orderRefunds from './2026-12-07T0200-order-refunds';
import * as serialImages from './2026-12-07T0500-serial-images';
import * as staffPasskeys from './2026-12-07T0300-staff-passkeys';
import * as staffPasskeyNames from './2026-12-07T0700-staff-passkey-names';

/** Every migration, in order. Landed migrations are frozen: add a new file instead of editing one. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T0100-accounts': accounts,
  '2026-11-22T0200-catalog': catalog,
  '2026-11-22T0310-catalog-search': catalogSearch,
  '2026-11-22T0400-reviews': reviews,
  '2026-11-22T0410-notices': notices,
  '2026-11-22T0500-wallet': wallet,
  '2026-11-22T0510-orders': orders,
  '2026-11-22T0600-reading': reading,
  '2026-11-22T0700-serials': serials,
  '2026-11-22T0800-cart': cart,
  '2026-11-22T0810-bundles': bundles,
  '2026-11-22T0815-cart-payments': cartPayments,
  '2026-11-22T0820-pre-order-bonus': preOrderBonus,
  '2026-11-22T0900-review-ratings': reviewRatings,
  '2026-11-22T0910-serials-osusumes': serialsOsusumes,
  '2026-11-25T0300-ops': ops,
  '2026-11-25T0400-campaigns': campaigns,
  '2026-11-25T0700-subscriptions': subscriptions,
  '2026-11-25T0800-book-imports': bookImports,
  '2026-11-25T0810-ledger-lines-japanese': ledgerLinesJapanese,
  '2026-11-25T0820-bookshelf': bookshelf,
  '2026-11-25T0900-store-settings': storeSettings,
  '2026-11-25T0910-invitations': invitations,
  '2026-11-25T0920-operator-console': operatorConsole,
  '2026-11-25T0940-tracking': tracking,
  '2026-11-25T0950-user-app-settings': userAppSettings,
  '2026-11-28T1010-text-images': textImages,
  '2026-11-28T1020-console-commerce': consoleCommerce,
  '2026-11-28T1030-console-serials-covers': consoleSerialsCovers,
  '2026-11-28T1050-point-campaign-scopes': pointCampaignScopes,
  '2026-11-28T1050b-coin-purchase-returns': coinPurchaseReturns,
  '2026-11-28T1070-reach-banner-version': reachBannerVersion,
  '2026-11-28T1110-episode-page-uploads': episodePageUploads,
  '2026-12-06T03-banner-images': bannerImages,
  '2026-12-06T0700-accounts-mail': accountsMail,
  '2026-12-06T1000-sandbox-card-tokens': sandboxCardTokens,
  '2026-12-06T1300-lottery-campaign-version': lotteryCampaignVersion,
  '2026-12-06T1400-web-push': webPush,
  '2026-12-06T1500-new-episode-pushes': newEpisodePushes,
  '2026-12-06T1600-mission-version': missionVersion,
  '2026-12-06T1610-invitation-campaign-version': invitationCampaignVersion,
  '2026-12-06T1620-subscription-plan-editor': subscriptionPlanEditor,
  '2026-12-06T1625-non-login-appeal-version': nonLoginAppealVersion,
  '2026-12-06T1710-taxonomy-editor': taxonomyEditor,
  '2026-12-06T1720-feature-version': featureVersion,
  '2026-12-06T1725-pre-order-bonus-version': preOrderBonusVersion,
  '2026-12-06T1730-orders-created-at': ordersCreatedAt,
  '2026-12-06T2000-staff-second-factor': staffSecondFactor,
  '2026-12-06T2030-ranking-scores': rankingScores,
  '2026-12-07T0100-konbini-payments': konbiniPayments,
  '2026-12-07T0200-order-refunds': orderRefunds,
  '2026-12-07T0300-staff-passkeys': staffPasskeys,
  '2026-12-07T0500-serial-images': serialImages,
  '2026-12-07T0700-staff-passkey-names': staffPasskeyNames,
};
