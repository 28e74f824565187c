import type { OrderTab } from '@sm/contract';

/** The spec's routes (§2), declared once for the router and for the features that link to them. */
export const PATHS = {
  home: '/',
  index: '/pages/index/index',
  login: '/pages/login/login',
  forgetPassword: '/pages/forget-password/forget-password',
  orders: '/pages/orders/orders',
  orderDetail: '/pages/orders/order-detail',
  auctionCreate: '/pages/auction-create/auction-create',
  profile: '/pages/profile/profile',
  about: '/pages/about/about',
  terms: '/pages/about/terms',
  privacy: '/pages/about/privacy',
  faq: '/pages/about/faq',
  lotDetail: '/pages/lot-detail/lot-detail',
  store: '/pages/profile/store',
  basicInfo: '/pages/profile/basic-info',
  taxDetails: '/pages/profile/tax-details',
  menu: '/pages/menu/menu',
  businessRecords: '/pages/profile/business-records',
  bankAccount: '/pages/profile/bank-account',
  wallet: '/pages/profile/wallet',
  general: '/pages/profile/general',
  printer: '/pages/profile/printer',
  // Not in the spec's table: the store's and the profile's sub-screens it implies (§2).
  boats: '/pages/profile/boats',
  coldRooms: '/pages/profile/cold-rooms',
  notifications: '/pages/profile/notifications',
} as const;

/** Registration is a mode of the login route: the spec has no register route. */
export const REGISTER_PATH = `${PATHS.login}?mode=register`;

export const lotDetailPath = (lotId: string) =>
  `${PATHS.lotDetail}?id=${encodeURIComponent(lotId)}`;

/** The Create Auction form filled with a lot's facts and its unsold quantity. */
export const relistPath = (lotId: string) =>
  `${PATHS.auctionCreate}?relist=${encodeURIComponent(lotId)}`;

/** An order's detail page (the orders list, the wallet's statement and shared links open it). */
export const orderDetailPath = (orderId: string) =>
  `${PATHS.orderDetail}?id=${encodeURIComponent(orderId)}`;

/** The Orders list opened on one of its tabs (PRODUCT.md §5): Home's to-do links to them. */
export const ordersTabPath = (tab: OrderTab) => `${PATHS.orders}?tab=${encodeURIComponent(tab)}`;
