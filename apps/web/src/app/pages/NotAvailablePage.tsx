import Button from 'antd-mobile/es/components/button';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../lib/paths';

/** Screens of the spec whose feature is not built yet; the bar above carries the screen's title. */
export default function NotAvailablePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="not-available">
      <ClockCircleOutline className="not-available-icon" aria-hidden="true" />
      <h2>{t('notAvailable.title')}</h2>
      <p>{t('notAvailable.description')}</p>
      <Button color="primary" onClick={() => navigate(PATHS.home)}>
        {t('common.backHome')}
      </Button>
    </section>
  );
}
