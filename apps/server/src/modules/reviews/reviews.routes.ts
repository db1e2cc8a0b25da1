import type { FastifyPluginAsync } from 'fastify';
import { registerTokenEndpoints } from '../accounts/token.routes';
import { myReviewRoutes } from './my-reviews.routes';
import { reviewListingRoutes } from './review-listing.routes';
import { reviewReactionRoutes } from './review-reactions.routes';
import { reviewRouteContext } from './review-route-context';
import { type TitleRating, reviewWritingRoutes } from './review-writing.routes';

/** Token purposes of the create_token endpoints of §7 "Reviews". */
const TOKEN_ENDPOINTS: Record<string, string> = {
  '/review_title/create_token': 'review_title',
  '/review/create_token': 'review',
  '/review/add_like/create_token': 'review_like',
  '/review/delete_like/create_token': 'review_like',
  '/review/warning/create_token': 'review_warning',
};

/** Reviews (§7 "Reviews"): every mutation takes its one-time token; others' content is 403. One use case per file. */
export const reviewsRoutes: FastifyPluginAsync<TitleRating> = async (app, titleRating) => {
  const context = reviewRouteContext(app);
  registerTokenEndpoints(app, TOKEN_ENDPOINTS);
  reviewWritingRoutes(app, context, titleRating);
  reviewReactionRoutes(app, context);
  reviewListingRoutes(app, context);
  myReviewRoutes(app, context);
};
