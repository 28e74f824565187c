import { NOTIFICATION_TYPES, type NotificationSettings, type NotificationType } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import Switch from 'antd-mobile/es/components/switch';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { errorText, showError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { PageMessage } from '../../../lib/ui/PageMessage';
import {
  deleteSubscription,
  notificationKeys,
  notificationSettingsQueryOptions,
  saveSettings,
  sendSubscription,
} from '../api';
import {
  canSubscribe,
  currentSubscription,
  pushAvailability,
  type PushAvailability,
  PushUnavailableError,
  storePushTexts,
  subscribeBrowser,
  subscriptionInput,
} from '../push';
import styles from './notifications.module.css';

/** What the device row says under its switch. */
function pushNote(
  availability: PushAvailability,
  supported: boolean,
  on: boolean,
  dismissed: boolean,
): {
  key: 'pushUnsupported' | 'pushDenied' | 'pushDismissed' | 'pushOn' | 'pushHint';
  problem: boolean;
} {
  if (availability === 'unsupported' || !supported)
    return { key: 'pushUnsupported', problem: true };
  if (availability === 'denied') return { key: 'pushDenied', problem: true };
  if (on) return { key: 'pushOn', problem: false };
  if (dismissed) return { key: 'pushDismissed', problem: true };
  return { key: 'pushHint', problem: false };
}

/**
 * The switches: one per type (off: neither listed nor pushed), and Web Push on this device, which
 * asks the browser's permission, subscribes through the service worker with the server's VAPID
 * key and sends the subscription; each refusal is explained rather than silently ignored.
 */
export function NotificationSettingsSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // This browser's subscription: undefined while looking, null when it has none.
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [supported, setSupported] = useState(true);
  const [availability, setAvailability] = useState<PushAvailability>(pushAvailability);
  const [dismissed, setDismissed] = useState(false);
  const [pushBusy, setPushBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void Promise.all([currentSubscription(), canSubscribe()]).then(([subscription, can]) => {
      if (!live) return;
      setEndpoint(subscription?.endpoint ?? null);
      setSupported(can);
    });
    return () => {
      live = false;
    };
  }, []);

  const key = notificationKeys.settings(endpoint ?? null);
  const settings = useQuery({
    ...notificationSettingsQueryOptions(endpoint ?? null),
    enabled: endpoint !== undefined,
  });

  const save = useMutation({
    mutationFn: (change: Partial<Record<NotificationType, boolean>>) =>
      saveSettings({ types: change }, endpoint ?? null),
    onMutate: (change) => {
      const before = queryClient.getQueryData<NotificationSettings>(key);
      if (before) {
        queryClient.setQueryData<NotificationSettings>(key, {
          ...before,
          types: { ...before.types, ...change },
        });
      }
      return { before };
    },
    onError: (error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      showError(error);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      // A type switched off leaves the list and the count; switched on, it comes back.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.unread });
    },
  });

  const pushOn =
    availability === 'granted' && endpoint != null && settings.data?.push.subscribed === true;

  async function enablePush(publicKey: string) {
    const permission = await Notification.requestPermission();
    setAvailability(permission);
    if (permission !== 'granted') {
      setDismissed(permission === 'default');
      return;
    }
    const subscription = await subscribeBrowser(publicKey);
    await storePushTexts();
    const push = await sendSubscription(subscriptionInput(subscription));
    const current = queryClient.getQueryData<NotificationSettings>(key) ?? settings.data;
    if (current) {
      queryClient.setQueryData(notificationKeys.settings(subscription.endpoint), {
        ...current,
        push,
      });
    }
    setEndpoint(subscription.endpoint);
    toast(t('notifications.pushEnabled'), 'success');
  }

  async function disablePush() {
    const subscription = await currentSubscription();
    if (subscription) {
      const push = await deleteSubscription(subscription.endpoint);
      // The server no longer sends to it; the browser's own copy goes too, so no other account
      // signed in here later inherits it by accident.
      await subscription.unsubscribe().catch(() => false);
      const current = queryClient.getQueryData<NotificationSettings>(key);
      if (current) queryClient.setQueryData(key, { ...current, push });
    }
    setEndpoint(null);
    toast(t('notifications.pushDisabled'));
  }

  async function togglePush(on: boolean) {
    const publicKey = settings.data?.push.publicKey;
    if (!publicKey) return;
    setPushBusy(true);
    try {
      if (on) await enablePush(publicKey);
      else await disablePush();
    } catch (error) {
      if (error instanceof PushUnavailableError) setSupported(false);
      // A refusal by the browser's push service has no API code: say what failed, plainly.
      else
        toast(
          error instanceof DOMException
            ? t('notifications.pushFailed')
            : (errorText(error) ?? t('notifications.pushFailed')),
        );
    } finally {
      setPushBusy(false);
    }
  }

  const note = pushNote(availability, supported, pushOn, dismissed);

  return (
    <div className={styles.sheet} role="dialog" aria-labelledby="notification-settings">
      <div className={styles.sheetHeader}>
        <h2 id="notification-settings">{t('notifications.settingsTitle')}</h2>
        <Button fill="none" color="primary" onClick={onClose}>
          {t('notifications.close')}
        </Button>
      </div>
      {settings.isError ? (
        <PageMessage
          title={t('notifications.loadFailed')}
          description={errorText(settings.error) ?? undefined}
          action={t('common.retry')}
          onAction={() => void settings.refetch()}
        />
      ) : (
        <>
          <List header={t('notifications.typesHeader')}>
            {NOTIFICATION_TYPES.map((type) => (
              <List.Item
                key={type}
                description={t(`notifications.typeHints.${type}`)}
                extra={
                  <Switch
                    aria-label={t(`notifications.types.${type}`)}
                    checked={settings.data?.types[type] ?? true}
                    disabled={!settings.data}
                    onChange={(on) => save.mutate({ [type]: on })}
                  />
                }
              >
                {t(`notifications.types.${type}`)}
              </List.Item>
            ))}
          </List>
          <p className={styles.footnote}>{t('notifications.typesFooter')}</p>
          <List header={t('notifications.deviceHeader')}>
            <List.Item
              description={
                <span
                  className={
                    note.problem ? `${styles.pushNote} ${styles.pushProblem}` : styles.pushNote
                  }
                  role={note.problem ? 'note' : undefined}
                >
                  {t(`notifications.${note.key}`)}
                </span>
              }
              extra={
                <Switch
                  aria-label={t('notifications.push')}
                  checked={pushOn}
                  loading={pushBusy}
                  disabled={
                    !settings.data ||
                    !supported ||
                    availability === 'unsupported' ||
                    availability === 'denied'
                  }
                  onChange={(on) => togglePush(on)}
                />
              }
            >
              {t('notifications.push')}
            </List.Item>
          </List>
        </>
      )}
    </div>
  );
}
