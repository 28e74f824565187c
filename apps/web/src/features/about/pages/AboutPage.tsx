import { APP_VERSION } from '@sm/contract';
import List from 'antd-mobile/es/components/list';
import ChatAddOutline from 'antd-mobile-icons/es/ChatAddOutline';
import FileOutline from 'antd-mobile-icons/es/FileOutline';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import LoopOutline from 'antd-mobile-icons/es/LoopOutline';
import QuestionCircleOutline from 'antd-mobile-icons/es/QuestionCircleOutline';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import { appVersionLabel, useUpdateCheck } from '../../../lib/appUpdate';
import { PATHS } from '../../../lib/paths';
import { BottomSheet, useSheet } from '../../../lib/ui/BottomSheet';
import { lazyComponent } from '../../../lib/ui/lazyComponent';
import { Spinner } from '../../../lib/ui/Spinner';
import { SupportCard } from '../components/SupportCard';
import styles from '../components/about.module.css';

/** The form, with the contract's schemas, loads when its sheet opens. */
const FeedbackForm = lazyComponent(() => import('../components/FeedbackForm'), 'form');

const DOCUMENTS = [
  { to: PATHS.terms, title: 'terms', icon: <FileOutline /> },
  { to: PATHS.privacy, title: 'privacy', icon: <LockOutline /> },
  { to: PATHS.faq, title: 'faq', icon: <QuestionCircleOutline /> },
] as const;

/** About and help (spec §2): the app, its terms and FAQ, support, feedback, check for updates. */
export default function AboutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateCheck();
  const feedback = useSheet();

  let updateExtra;
  if (update.state === 'reloading') updateExtra = t('about.updates.reloading');
  else if (update.state === 'checking')
    updateExtra = (
      <span className={styles.checking}>
        <Spinner size={16} /> {t('about.updates.checking')}
      </span>
    );
  else updateExtra = APP_VERSION;

  return (
    <div className={styles.screen}>
      <section className={styles.header}>
        <img className={styles.logo} src="/icons/icon-192.png" alt="" width={64} height={64} />
        <div className={styles.identity}>
          <h2>{t('app.name')}</h2>
          <p className={styles.muted}>{t('about.version', { version: appVersionLabel() })}</p>
          <p className={styles.tagline}>{t('about.tagline')}</p>
        </div>
      </section>

      <List className={styles.list} header={t('about.information')}>
        {DOCUMENTS.map((item) => (
          <List.Item key={item.to} prefix={item.icon} onClick={() => void navigate(item.to)}>
            {t(`nav.${item.title}`)}
          </List.Item>
        ))}
      </List>

      <SupportCard />

      <List className={styles.list} header={t('about.help')}>
        <List.Item
          prefix={<ChatAddOutline />}
          onClick={() => {
            FeedbackForm.preload();
            feedback.show();
          }}
        >
          {t('about.feedback.open')}
        </List.Item>
        <List.Item prefix={<LoopOutline />} extra={updateExtra} onClick={update.run}>
          {t('about.updates.check')}
        </List.Item>
      </List>

      <BottomSheet visible={feedback.open} onClose={feedback.close}>
        <FeedbackForm key={feedback.key} onDone={feedback.close} />
      </BottomSheet>
    </div>
  );
}
