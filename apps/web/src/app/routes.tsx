import type en from '../locales/en.json';
import { PATHS } from '../lib/paths';
import type { LazyComponent } from '../lib/ui/lazyComponent';
import { lazyPage, type PageProps } from './lazyPage';
import { PAGE_LOADERS, PUBLIC_PATHS } from './pageLoaders';

export type NavTitle = keyof typeof en.nav;
export type TabKey = 'home' | 'orders' | 'profile';
/**
 * Spec §2: home blue with a white title, login and forgot-password dark, the rest light grey. The
 * wallet has a custom bar: the colour of its balance card, which runs on from it.
 */
export type BarStyle = 'home' | 'dark' | 'default' | 'custom';

export interface AppRoute {
  path: string;
  /** Key under `nav.` for the bar title; home shows the app name instead. */
  title: NavTitle | ((query: Record<string, string>) => NavTitle);
  page: LazyComponent<PageProps>;
  bar?: BarStyle;
  /** Reachable without `merchantInfo`. */
  public?: boolean;
  /** Signed-in merchants go home instead (the sign-in page). */
  guestOnly?: boolean;
  tab?: TabKey;
  background?: string;
  /**
   * No back button: home is the entry page, Orders and Profile the other tab roots; sign-in has
   * nowhere to go back to.
   */
  noBack?: boolean | ((query: Record<string, string>) => boolean);
}

const Home = lazyPage(PAGE_LOADERS[PATHS.home]);
const AuctionCreate = lazyPage(PAGE_LOADERS[PATHS.auctionCreate]);
const LotDetail = lazyPage(PAGE_LOADERS[PATHS.lotDetail]);
const Login = lazyPage(PAGE_LOADERS[PATHS.login]);
const ForgetPassword = lazyPage(PAGE_LOADERS[PATHS.forgetPassword]);
const Profile = lazyPage(PAGE_LOADERS[PATHS.profile]);
const BusinessRecords = lazyPage(PAGE_LOADERS[PATHS.businessRecords]);
const Menu = lazyPage(PAGE_LOADERS[PATHS.menu]);
const GeneralSettings = lazyPage(PAGE_LOADERS[PATHS.general]);
const Terms = lazyPage(PAGE_LOADERS[PATHS.terms]);
const Privacy = lazyPage(PAGE_LOADERS[PATHS.privacy]);
const About = lazyPage(PAGE_LOADERS[PATHS.about]);
const Faq = lazyPage(PAGE_LOADERS[PATHS.faq]);
const PrinterSetup = lazyPage(PAGE_LOADERS[PATHS.printer]);
const Orders = lazyPage(PAGE_LOADERS[PATHS.orders]);
const OrderDetail = lazyPage(PAGE_LOADERS[PATHS.orderDetail]);
const Wallet = lazyPage(PAGE_LOADERS[PATHS.wallet]);
const BankAccount = lazyPage(PAGE_LOADERS[PATHS.bankAccount]);
const Notifications = lazyPage(PAGE_LOADERS[PATHS.notifications]);
const Store = lazyPage(PAGE_LOADERS[PATHS.store]);
const BasicInfo = lazyPage(PAGE_LOADERS[PATHS.basicInfo]);
const TaxDetails = lazyPage(PAGE_LOADERS[PATHS.taxDetails]);
const Boats = lazyPage(PAGE_LOADERS[PATHS.boats]);
const ColdRooms = lazyPage(PAGE_LOADERS[PATHS.coldRooms]);

const SETTINGS_BACKGROUND = '#f0f2f5';

export const ROUTES: AppRoute[] = [
  { path: PATHS.home, title: 'home', page: Home, bar: 'home', tab: 'home', noBack: true },
  { path: PATHS.index, title: 'home', page: Home, bar: 'home', tab: 'home', noBack: true },
  {
    path: PATHS.login,
    title: (query) => (query.mode === 'register' ? 'register' : 'login'),
    page: Login,
    bar: 'dark',
    public: true,
    guestOnly: true,
    noBack: (query) => query.mode !== 'register',
  },
  {
    path: PATHS.forgetPassword,
    title: 'forgetPassword',
    page: ForgetPassword,
    bar: 'dark',
    public: true,
  },
  // Tab roots: the tab bar is the way between them, so no back arrow (issue 21).
  { path: PATHS.orders, title: 'orders', page: Orders, tab: 'orders', noBack: true },
  { path: PATHS.orderDetail, title: 'orderDetail', page: OrderDetail },
  { path: PATHS.auctionCreate, title: 'auctionCreate', page: AuctionCreate },
  { path: PATHS.profile, title: 'profile', page: Profile, tab: 'profile', noBack: true },
  { path: PATHS.about, title: 'about', page: About },
  // The spec makes only login and forgot-password public; the terms and the privacy policy are a
  // deliberate exception: the register form links to them, so they must read without a session.
  { path: PATHS.terms, title: 'terms', page: Terms, public: true },
  { path: PATHS.privacy, title: 'privacy', page: Privacy, public: true },
  { path: PATHS.faq, title: 'faq', page: Faq },
  { path: PATHS.lotDetail, title: 'lotDetail', page: LotDetail },
  { path: PATHS.store, title: 'store', page: Store, background: SETTINGS_BACKGROUND },
  { path: PATHS.basicInfo, title: 'basicInfo', page: BasicInfo, background: SETTINGS_BACKGROUND },
  {
    path: PATHS.taxDetails,
    title: 'taxDetails',
    page: TaxDetails,
    background: SETTINGS_BACKGROUND,
  },
  { path: PATHS.menu, title: 'menu', page: Menu },
  { path: PATHS.businessRecords, title: 'businessRecords', page: BusinessRecords },
  { path: PATHS.boats, title: 'boats', page: Boats, background: SETTINGS_BACKGROUND },
  {
    path: PATHS.coldRooms,
    title: 'coldRooms',
    page: ColdRooms,
    background: SETTINGS_BACKGROUND,
  },
  { path: PATHS.notifications, title: 'notifications', page: Notifications },
  { path: PATHS.bankAccount, title: 'bankAccount', page: BankAccount },
  {
    path: PATHS.wallet,
    title: 'wallet',
    page: Wallet,
    bar: 'custom',
    background: SETTINGS_BACKGROUND,
  },
  {
    path: PATHS.printer,
    title: 'printer',
    page: PrinterSetup,
    background: SETTINGS_BACKGROUND,
  },
  {
    path: PATHS.general,
    title: 'general',
    page: GeneralSettings,
    background: SETTINGS_BACKGROUND,
  },
];

export const TABS: { key: TabKey; path: string }[] = [
  { key: 'home', path: PATHS.index },
  { key: 'orders', path: PATHS.orders },
  { key: 'profile', path: PATHS.profile },
];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(pathname);
}

/** The page a route path draws: its chunk loaded, to draw it in the app's first render. */
export function whenPageLoaded(path: string): Promise<void> {
  return ROUTES.find((route) => route.path === path)?.page.whenLoaded() ?? Promise.resolve();
}
