import TabBar from 'antd-mobile/es/components/tab-bar';
import AppOutline from 'antd-mobile-icons/es/AppOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type TabKey, TABS } from './routes';

const ICONS = { home: <AppOutline />, orders: <UnorderedListOutline />, profile: <UserOutline /> };

export function AppTabBar({ active }: { active: TabKey }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const go = (key: string) => {
    // Spec §2: tapping the tab that is already active does nothing.
    if (key === active) return;
    const tab = TABS.find((item) => item.key === key);
    if (tab) navigate(tab.path);
  };
  return (
    <nav className="app-tab-bar" aria-label={t('app.name')}>
      <TabBar activeKey={active} onChange={go} safeArea>
        {TABS.map((tab) => (
          <TabBar.Item key={tab.key} icon={ICONS[tab.key]} title={t(`tabs.${tab.key}`)} />
        ))}
      </TabBar>
    </nav>
  );
}
