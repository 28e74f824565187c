import { SUPPORT_CONTACT, SUPPORT_HOURS } from '@sm/contract';
import Tag from 'antd-mobile/es/components/tag';
import MailOutline from 'antd-mobile-icons/es/MailOutline';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import PhoneFill from 'antd-mobile-icons/es/PhoneFill';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { formatWeekday } from '../../../lib/datetime';
import { Notice } from '../../../lib/ui/Notice';
import { useNow } from '../../../lib/useNow';
import { clockTime, SUPPORT_LINKS, type SupportStatus, supportStatus } from '../support';
import styles from './about.module.css';

const OPENS = clockTime(SUPPORT_HOURS.opens);
const CLOSES = clockTime(SUPPORT_HOURS.closes);

function useStatusLine(status: SupportStatus): string {
  const { t } = useTranslation();
  if (status.open) return t('about.support.closesAt', { time: CLOSES });
  if (status.inDays === 0) return t('about.support.opensToday', { time: OPENS });
  if (status.inDays === 1) return t('about.support.opensTomorrow', { time: OPENS });
  return t('about.support.opensOn', {
    day: formatWeekday(status.opensAt.toISOString()),
    time: OPENS,
  });
}

/** Support hours with whether it answers now, from this device's clock, and the ways to reach it. */
export function SupportCard() {
  const { t } = useTranslation();
  const headingId = useId();
  const status = supportStatus(new Date(useNow()));
  const line = useStatusLine(status);

  const channels = [
    {
      key: 'call',
      href: SUPPORT_LINKS.phone,
      icon: <PhoneFill />,
      label: t('about.support.call'),
      value: SUPPORT_CONTACT.phoneDisplay,
    },
    {
      key: 'whatsapp',
      href: SUPPORT_LINKS.whatsapp,
      icon: <MessageOutline />,
      label: t('about.support.whatsapp'),
      value: SUPPORT_CONTACT.whatsappDisplay,
      external: true,
    },
    {
      key: 'email',
      href: SUPPORT_LINKS.email,
      icon: <MailOutline />,
      label: t('about.support.email'),
      value: SUPPORT_CONTACT.email,
    },
  ];

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <div className={styles.cardHead}>
        <h2 id={headingId}>{t('about.support.title')}</h2>
        <Tag
          color={status.open ? 'success' : 'default'}
          fill={status.open ? 'solid' : 'outline'}
          round
          className={styles.tag}
        >
          {status.open ? t('about.support.open') : t('about.support.closed')}
        </Tag>
      </div>
      <p className={styles.hours}>
        {t('about.support.hours', { opens: OPENS, closes: CLOSES })}
        <br />
        <span className={styles.muted}>{line}</span>
      </p>
      {status.open ? null : <Notice tone="muted">{t('about.support.closedHint')}</Notice>}
      <ul className={styles.channels} aria-label={t('about.support.channels')}>
        {channels.map((channel) => (
          <li key={channel.key}>
            <a
              className={styles.channel}
              href={channel.href}
              {...(channel.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              <span className={styles.channelIcon} aria-hidden="true">
                {channel.icon}
              </span>
              <span className={styles.channelText}>
                <span className={styles.channelLabel}>{channel.label}</span>
                <span className={styles.channelValue}>{channel.value}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
