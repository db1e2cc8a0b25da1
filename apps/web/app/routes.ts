import { type RouteConfig, index, route } from '@react-router/dev/routes';

/** One module per URL of spec §2. */
export default [
  index('routes/home.tsx'),
  route('login', 'routes/login.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('mypage', 'routes/mypage.tsx'),
  route('mypage/wish_list', 'routes/wish-list.tsx'),
  route('mypage/notices', 'routes/notices.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('series_list/:seriesSegment', 'routes/series.tsx'),
  route('series_list/review/editor/:titleId/:reviewId?', 'routes/review-editor.tsx'),
  route('series_list/line_notice/:titleId', 'routes/line-notice.tsx'),
  route('ranking/:term/:page', 'routes/ranking.tsx'),
  route('free', 'routes/free.tsx'),
  route('search', 'routes/search.tsx'),
  route('search/author/:authorId/:page', 'routes/author-search.tsx'),
  route('viewer', 'routes/viewer.tsx'),
  route('serial', 'routes/serial.tsx'),
  route('serial/ranking/general/:page', 'routes/serial-ranking.tsx'),
  route('serial/detail/:serialId', 'routes/serial-detail.tsx'),
  route('mangacoin', 'routes/mangacoin.tsx'),
  route('wallet/manga_coin', 'routes/wallet.tsx'),
  route('order/payments', 'routes/payments.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('law/payment_services', 'routes/payment-services-law.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
