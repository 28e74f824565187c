import NavBar from 'antd-mobile/es/components/nav-bar';
import LeftOutline from 'antd-mobile-icons/es/LeftOutline';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../lib/i18n';
import { canGoBack, useNavigate } from '../lib/router';
import { PATHS } from '../lib/paths';
import { AppTabBar } from './AppTabBar';
import type { AppRoute } from './routes';

export function PageFrame({
  route,
  query,
  children,
}: {
  route: AppRoute;
  query: Record<string, string>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const header = useRef<HTMLElement>(null);
  // NavBar marks its whole left slot role="button"; the real, focusable back button lives inside
  // it, so drop the outer role rather than announce two buttons (or an empty one on home).
  useLayoutEffect(() => {
    header.current?.querySelector('.adm-nav-bar-left[role="button"]')?.removeAttribute('role');
  });
  const bar = route.bar ?? 'default';
  const titleKey = typeof route.title === 'function' ? route.title(query) : route.title;
  const title = bar === 'home' ? t('app.name') : t(`nav.${titleKey}`);

  // Spec §2: with only this page in the session's history, back goes to the root.
  const back = () => void (canGoBack() ? navigate(-1) : navigate(PATHS.home, { replace: true }));
  const noBack = typeof route.noBack === 'function' ? route.noBack(query) : route.noBack;
  const left = noBack ? null : (
    <button type="button" className="nav-back" aria-label={t('common.back')} onClick={back}>
      <LeftOutline />
    </button>
  );

  return (
    <div
      className={`page-frame${route.tab ? ' page-frame--tabbed' : ''}`}
      style={route.background ? { background: route.background } : undefined}
    >
      <header ref={header} className={`page-bar page-bar--${bar}`}>
        <NavBar backIcon={false} back={null} left={left}>
          <h1 className="page-title">{title}</h1>
        </NavBar>
      </header>
      <main className="page-body">{children}</main>
      {route.tab ? <AppTabBar active={route.tab} /> : null}
    </div>
  );
}
