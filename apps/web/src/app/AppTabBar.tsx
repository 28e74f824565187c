import TabBar from 'antd-mobile/es/components/tab-bar';
import AppOutline from 'antd-mobile-icons/es/AppOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import { type KeyboardEvent, useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../lib/i18n';
import { useNavigate } from '../lib/router';
import { badgeCount, useOrderTodo } from '../lib/orderTodo';
import { type TabKey, TABS } from './routes';

const ICONS = { home: <AppOutline />, orders: <UnorderedListOutline />, profile: <UserOutline /> };
const ITEM = 'adm-tab-bar-item';

export function AppTabBar({ active }: { active: TabKey }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nav = useRef<HTMLElement>(null);
  // Orders that wait on the merchant (paid, ready for pickup), live with the orders' events.
  const todo = useOrderTodo().data?.needsAction ?? 0;
  const todoId = useId();

  // antd-mobile draws each tab as a bare clickable div: make it a link, so it has a name and is
  // reached and followed by keyboard. The Orders tab's count is its description: an aria-label
  // saying it would not contain the tab's visible text, badge digits first (WCAG 2.5.3, axe
  // label-content-name-mismatch), so the badge is hidden from the name instead.
  useLayoutEffect(() => {
    nav.current?.querySelectorAll(`.${ITEM}`).forEach((item) => item.setAttribute('role', 'link'));
    nav.current
      ?.querySelectorAll('.adm-badge')
      .forEach((badge) => badge.setAttribute('aria-hidden', 'true'));
  });
  const follow = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || !target.classList.contains(ITEM)) return;
    event.preventDefault();
    target.click();
  };

  const go = (key: string) => {
    // Spec §2: tapping the tab that is already active does nothing.
    if (key === active) return;
    const tab = TABS.find((item) => item.key === key);
    if (tab) void navigate(tab.path);
  };
  return (
    <nav ref={nav} className="app-tab-bar" aria-label={t('app.name')} onKeyDown={follow}>
      <TabBar activeKey={active} onChange={go} safeArea>
        {TABS.map((tab) => {
          const badged = tab.key === 'orders' && todo > 0;
          return (
            <TabBar.Item
              key={tab.key}
              icon={ICONS[tab.key]}
              title={t(`tabs.${tab.key}`)}
              badge={badged ? badgeCount(todo) : null}
              tabIndex={0}
              aria-current={tab.key === active ? 'page' : undefined}
              aria-describedby={badged ? todoId : undefined}
            />
          );
        })}
      </TabBar>
      {todo > 0 ? (
        <span id={todoId} hidden>
          {t('tabs.ordersTodo', { count: todo })}
        </span>
      ) : null}
    </nav>
  );
}
