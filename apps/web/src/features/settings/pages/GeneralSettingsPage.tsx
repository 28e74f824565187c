import { type Locale, LOCALES } from '@sm/contract';
import Badge from 'antd-mobile/es/components/badge';
import List from 'antd-mobile/es/components/list';
import AppOutline from 'antd-mobile-icons/es/AppOutline';
import BellOutline from 'antd-mobile-icons/es/BellOutline';
import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import DeleteOutline from 'antd-mobile-icons/es/DeleteOutline';
import InformationCircleOutline from 'antd-mobile-icons/es/InformationCircleOutline';
import LoopOutline from 'antd-mobile-icons/es/LoopOutline';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { setLocale, useTranslation } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import { appVersionLabel, useUpdateCheck } from '../../../lib/appUpdate';
import { PATHS } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { Spinner } from '../../../lib/ui/Spinner';
import { useUnreadNotifications } from '../../../lib/unreadNotifications';
import { clearLocalData, formatBytes, localDataSize } from '../localData';
import styles from './settings.module.css';
import { useConfirm } from '../../../lib/ui/useConfirm';

const HTML_LANG: Record<Locale, string> = { en: 'en', zh: 'zh-CN', my: 'ms' };

/**
 * General settings (spec §2, background #f0f2f5): language, where notifications are set, clearing
 * what the device keeps, checking for a new version, and which version runs.
 */
export default function GeneralSettingsPage() {
  const { t, locale } = useTranslation();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const unread = useUnreadNotifications();
  const update = useUpdateCheck();
  const size = useQuery({ queryKey: ['localDataSize'], queryFn: localDataSize, staleTime: 0 });
  const [clearing, setClearing] = useState(false);

  const confirmClear = async () => {
    if (clearing) return;
    const confirmed = await confirm({
      title: t('general.clear.title'),
      content: t('general.clear.confirm'),
      confirmText: t('general.clear.action'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    setClearing(true);
    try {
      await clearLocalData(queryClient);
      toast(t('general.clear.done'), 'success');
    } catch {
      toast(t('messages.failed'), 'fail');
    } finally {
      setClearing(false);
    }
  };

  let updateExtra;
  if (update.state === 'reloading') updateExtra = t('about.updates.reloading');
  else if (update.state === 'checking')
    updateExtra = (
      <span className={styles.inline}>
        <Spinner size={16} /> {t('about.updates.checking')}
      </span>
    );

  let sizeText: string | undefined;
  if (clearing) sizeText = t('general.clear.clearing');
  else if (typeof size.data === 'number') sizeText = formatBytes(size.data);

  return (
    <div className={styles.screen}>
      <List className={styles.list} header={t('profile.language')}>
        {LOCALES.map((key) => (
          <List.Item
            key={key}
            arrowIcon={false}
            extra={key === locale ? <CheckOutline className={styles.check} /> : null}
            onClick={() => void setLocale(key)}
            aria-current={key === locale ? 'true' : undefined}
          >
            <span lang={HTML_LANG[key]}>{t(`languages.${key}`)}</span>
          </List.Item>
        ))}
      </List>

      <List className={styles.list} header={t('general.notifications')}>
        <List.Item
          prefix={<BellOutline />}
          description={t('general.notificationsHint')}
          extra={unread > 0 ? <Badge content={unread > 99 ? '99+' : unread} /> : null}
          onClick={() => void navigate(PATHS.notifications)}
        >
          <span>{t('general.notificationSettings')}</span>
        </List.Item>
      </List>

      <List className={styles.list} header={t('general.storage')}>
        <List.Item
          prefix={<DeleteOutline />}
          description={t('general.clear.hint')}
          extra={sizeText}
          onClick={() => void confirmClear()}
        >
          <span>{t('general.clear.title')}</span>
        </List.Item>
      </List>

      <List className={styles.list} header={t('general.app')}>
        <List.Item prefix={<LoopOutline />} extra={updateExtra} onClick={update.run}>
          {t('about.updates.check')}
        </List.Item>
        <List.Item prefix={<AppOutline />} extra={appVersionLabel()} arrowIcon={false}>
          {t('general.version')}
        </List.Item>
        <List.Item prefix={<InformationCircleOutline />} onClick={() => void navigate(PATHS.about)}>
          {t('nav.about')}
        </List.Item>
      </List>
    </div>
  );
}
