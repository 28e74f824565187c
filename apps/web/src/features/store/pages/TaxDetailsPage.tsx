import type { StoreTaxDetails } from '@sm/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../lib/router';
import { formatDateTime } from '../../../lib/datetime';
import { errorText } from '../../../lib/errors';
import { PATHS } from '../../../lib/paths';
import { storeProfileQueryOptions } from '../../../lib/storeProfile';
import { missingFieldNames } from '../../../lib/taxFields';
import { Notice } from '../../../lib/ui/Notice';
import { PageMessage } from '../../../lib/ui/PageMessage';
import page from '../../../lib/ui/page.module.css';
import { taxDetailsQueryOptions } from '../api';
import taxStyles from '../components/tax.module.css';
import { TaxDetailsForm } from '../components/TaxDetailsForm';

/** What an e-invoice still needs, as last saved: exactly the missing fields, or Complete. */
function TaxStatus({ details }: { details: StoreTaxDetails }) {
  const { t } = useTranslation();
  const { missing } = details;
  return (
    <>
      {missing.length > 0 ? (
        <Notice tone="warning" role="note">
          {t('taxDetails.missingNotice', { fields: missingFieldNames(missing, t) })}
        </Notice>
      ) : (
        <Notice tone="info" role="note">
          {t('taxDetails.completeNotice')}
        </Notice>
      )}
      {details.updatedAt ? (
        <p className={taxStyles.updated}>
          {t('taxDetails.updatedAt', { time: formatDateTime(details.updatedAt) })}
        </p>
      ) : null}
    </>
  );
}

/**
 * Tax details (#/pages/profile/tax-details, PRODUCT.md §5a): what LHDN needs of the store before
 * an e-invoice can be issued. The details belong to the store: without basic info saved first,
 * the page says so.
 */
export default function TaxDetailsPage() {
  const { t } = useTranslation();
  const details = useQuery(taxDetailsQueryOptions());
  const store = useQuery(storeProfileQueryOptions());

  if (details.isPending)
    return <PageMessage className={page.state} loading title={t('common.loading')} />;
  if (details.isError)
    return (
      <div className={page.screen}>
        <PageMessage
          className={page.state}
          title={t('taxDetails.loadFailed')}
          description={errorText(details.error) ?? undefined}
          action={t('common.retry')}
          onAction={() => void details.refetch()}
        />
      </div>
    );

  return (
    <div className={page.screen}>
      <p className={taxStyles.intro}>{t('taxDetails.intro')}</p>
      <TaxStatus details={details.data} />
      {store.data && !store.data.name ? (
        <Notice tone="warning" role="note">
          {t('taxDetails.basicInfoFirst')} <Link to={PATHS.basicInfo}>{t('nav.basicInfo')}</Link>
        </Notice>
      ) : null}
      <TaxDetailsForm details={details.data} />
    </div>
  );
}
