import type { ComponentType } from 'react';
import type en from '../locales/en.json';
import { lazyPage, type PageProps } from './lazyPage';

export type NavTitle = keyof typeof en.nav;
export type TabKey = 'home' | 'orders' | 'profile';
/** Spec §2: home blue with a white title, login and forgot-password dark, the rest light grey. */
export type BarStyle = 'home' | 'dark' | 'default';

export interface AppRoute {
  path: string;
  /** Key under `nav.` for the bar title; home shows the app name instead. */
  title: NavTitle | ((query: Record<string, string>) => NavTitle);
  page: ComponentType<PageProps>;
  bar?: BarStyle;
  /** Reachable without `merchantInfo`. */
  public?: boolean;
  /** Signed-in merchants go home instead (the sign-in page). */
  guestOnly?: boolean;
  tab?: TabKey;
  background?: string;
  /** No back button: home is the entry page; sign-in has nowhere to go back to. */
  noBack?: boolean | ((query: Record<string, string>) => boolean);
}

export const HOME_PATH = '/';
export const LOGIN_PATH = '/pages/login/login';
export const REGISTER_PATH = `${LOGIN_PATH}?mode=register`;

const Home = lazyPage(() => import('../features/home/pages/HomePage'));
const Login = lazyPage(() => import('../features/auth/pages/LoginPage'));
const ForgetPassword = lazyPage(() => import('../features/auth/pages/ForgetPasswordPage'));
const Profile = lazyPage(() => import('../features/profile/pages/ProfilePage'));
/** One page for every screen whose feature is not built yet. */
const NotAvailable = lazyPage(() => import('./pages/NotAvailablePage'));

const SETTINGS_BACKGROUND = '#f0f2f5';

export const ROUTES: AppRoute[] = [
  { path: HOME_PATH, title: 'home', page: Home, bar: 'home', tab: 'home', noBack: true },
  { path: '/pages/index/index', title: 'home', page: Home, bar: 'home', tab: 'home', noBack: true },
  {
    path: LOGIN_PATH,
    title: (query) => (query.mode === 'register' ? 'register' : 'login'),
    page: Login,
    bar: 'dark',
    public: true,
    guestOnly: true,
    noBack: (query) => query.mode !== 'register',
  },
  {
    path: '/pages/forget-password/forget-password',
    title: 'forgetPassword',
    page: ForgetPassword,
    bar: 'dark',
    public: true,
  },
  { path: '/pages/orders/orders', title: 'orders', page: NotAvailable, tab: 'orders' },
  { path: '/pages/orders/order-detail', title: 'orderDetail', page: NotAvailable },
  { path: '/pages/auction-create/auction-create', title: 'auctionCreate', page: NotAvailable },
  { path: '/pages/profile/profile', title: 'profile', page: Profile, tab: 'profile' },
  { path: '/pages/about/about', title: 'about', page: NotAvailable, public: true },
  { path: '/pages/about/terms', title: 'terms', page: NotAvailable, public: true },
  { path: '/pages/about/privacy', title: 'privacy', page: NotAvailable, public: true },
  { path: '/pages/about/faq', title: 'faq', page: NotAvailable },
  { path: '/pages/lot-detail/lot-detail', title: 'lotDetail', page: NotAvailable },
  { path: '/pages/profile/store', title: 'store', page: NotAvailable },
  { path: '/pages/profile/basic-info', title: 'basicInfo', page: NotAvailable },
  { path: '/pages/menu/menu', title: 'menu', page: NotAvailable },
  { path: '/pages/profile/business-records', title: 'businessRecords', page: NotAvailable },
  { path: '/pages/profile/bank-account', title: 'bankAccount', page: NotAvailable },
  {
    path: '/pages/profile/wallet',
    title: 'wallet',
    page: NotAvailable,
    background: SETTINGS_BACKGROUND,
  },
  {
    path: '/pages/profile/general',
    title: 'general',
    page: NotAvailable,
    background: SETTINGS_BACKGROUND,
  },
];

export const TABS: { key: TabKey; path: string }[] = [
  { key: 'home', path: '/pages/index/index' },
  { key: 'orders', path: '/pages/orders/orders' },
  { key: 'profile', path: '/pages/profile/profile' },
];

export function isPublicPath(pathname: string): boolean {
  return ROUTES.some((route) => route.public && route.path === pathname);
}
