import { PATHS } from '../lib/paths';

const home = () => import('./pages/HomePage');
const auctionCreate = () => import('../features/auctions/pages/CreateAuctionPage');
const lotDetail = () => import('../features/auctions/pages/LotDetailPage');
const login = () => import('../features/auth/pages/LoginPage');
const forgetPassword = () => import('../features/auth/pages/ForgetPasswordPage');
const profile = () => import('../features/profile/pages/ProfilePage');
const businessRecords = () => import('../features/records/pages/BusinessRecordsPage');
const menu = () => import('../features/menu/pages/MenuPage');
const generalSettings = () => import('../features/settings/pages/GeneralSettingsPage');
const terms = () => import('../features/about/pages/TermsPage');
const privacy = () => import('../features/about/pages/PrivacyPage');
const about = () => import('../features/about/pages/AboutPage');
const faq = () => import('../features/about/pages/FaqPage');
const printerSetup = () => import('../features/printing/pages/PrinterSetupPage');
const orders = () => import('../features/orders/pages/OrdersPage');
const orderDetail = () => import('./pages/OrderDetailRoute');
const wallet = () => import('../features/wallet/pages/WalletPage');
const bankAccount = () => import('../features/bank/pages/BankAccountPage');
const notifications = () => import('../features/notifications/pages/NotificationsPage');
const store = () => import('../features/store/pages/StorePage');
const basicInfo = () => import('../features/store/pages/BasicInfoPage');
const taxDetails = () => import('../features/store/pages/TaxDetailsPage');
const boats = () => import('../features/boats/pages/BoatsPage');
const coldRooms = () => import('../features/boats/pages/ColdRoomsPage');

/**
 * The chunk of each route's page, by path: the router's lazy pages (routes.tsx) and the boot,
 * which asks for the first page's chunk beside the app's own code (boot.ts).
 */
export const PAGE_LOADERS = {
  [PATHS.home]: home,
  [PATHS.index]: home,
  [PATHS.login]: login,
  [PATHS.forgetPassword]: forgetPassword,
  [PATHS.orders]: orders,
  [PATHS.orderDetail]: orderDetail,
  [PATHS.auctionCreate]: auctionCreate,
  [PATHS.profile]: profile,
  [PATHS.about]: about,
  [PATHS.terms]: terms,
  [PATHS.privacy]: privacy,
  [PATHS.faq]: faq,
  [PATHS.lotDetail]: lotDetail,
  [PATHS.store]: store,
  [PATHS.basicInfo]: basicInfo,
  [PATHS.taxDetails]: taxDetails,
  [PATHS.menu]: menu,
  [PATHS.businessRecords]: businessRecords,
  [PATHS.boats]: boats,
  [PATHS.coldRooms]: coldRooms,
  [PATHS.notifications]: notifications,
  [PATHS.bankAccount]: bankAccount,
  [PATHS.wallet]: wallet,
  [PATHS.printer]: printerSetup,
  [PATHS.general]: generalSettings,
} as const;

/** The paths a visitor opens without signing in (the routes marked `public`). */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  PATHS.login,
  PATHS.forgetPassword,
  PATHS.terms,
  PATHS.privacy,
]);

type PagePath = keyof typeof PAGE_LOADERS;
const isPagePath = (path: string): path is PagePath => path in PAGE_LOADERS;

/**
 * Where the router's guards will land a hash path (RootLayout): unknown paths go home, a protected
 * page without a session to sign-in, sign-in with one home. The boot and the app's first render
 * both ask it, before the router runs.
 */
export function landingPath(hashPath: string, signedIn: boolean): PagePath {
  let path: PagePath = isPagePath(hashPath) ? hashPath : PATHS.home;
  if (!signedIn && !PUBLIC_PATHS.has(path)) path = PATHS.login;
  if (signedIn && path === PATHS.login) path = PATHS.home;
  return path;
}
