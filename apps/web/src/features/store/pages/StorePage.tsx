import type { StoreProfile } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import { PullToRefresh } from '../../../lib/ui/PullToRefresh';
import FileOutline from 'antd-mobile-icons/es/FileOutline';
import EditSOutline from 'antd-mobile-icons/es/EditSOutline';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import TruckOutline from 'antd-mobile-icons/es/TruckOutline';
import UserContactOutline from 'antd-mobile-icons/es/UserContactOutline';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import { errorText } from '../../../lib/errors';
import { PATHS } from '../../../lib/paths';
import { storeProfileQueryOptions } from '../../../lib/storeProfile';
import { missingFieldNames } from '../../../lib/taxFields';
import { BusinessStatusTag } from '../../../lib/ui/BusinessStatusTag';
import { PageMessage } from '../../../lib/ui/PageMessage';
import page from '../../../lib/ui/page.module.css';
import { taxDetailsQueryOptions } from '../api';
import { Announcements } from '../components/Announcements';
import { CarouselEditor } from '../components/CarouselEditor';
import { ProfileEditor } from '../components/ProfileEditor';
import { SsmSection } from '../components/SsmSection';
import styles from '../components/store.module.css';

/** Logo, name, address and description: the store as buyers meet it. */
function StoreCard({ store }: { store: StoreProfile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className={styles.card} aria-label={store.name ?? t('store.notSetUp')}>
      <div className={styles.identity}>
        {store.logo ? (
          <img
            className={styles.logo}
            src={store.logo.thumbUrl ?? store.logo.url}
            alt={t('store.logo')}
          />
        ) : (
          <div className={styles.logo} aria-hidden="true">
            <ShopbagOutline />
          </div>
        )}
        <div className={styles.identityText}>
          <h2>{store.name ?? t('store.notSetUp')}</h2>
          {store.address ? <p className={styles.muted}>{store.address}</p> : null}
          <BusinessStatusTag status={store.businessStatus} />
        </div>
      </div>
      {store.name ? (
        <p className={styles.description}>{store.description ?? t('store.noDescription')}</p>
      ) : (
        <>
          <p className={styles.muted}>{t('store.setUpHint')}</p>
          <Button color="primary" onClick={() => navigate(PATHS.basicInfo)}>
            {t('store.basicInfo')}
          </Button>
        </>
      )}
    </section>
  );
}

/**
 * The entry to the tax details, with what an e-invoice still needs: "Complete", or how many
 * fields are missing and which. Nothing is claimed while they load or if they cannot.
 */
function TaxDetailsItem({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  const { data } = useQuery(taxDetailsQueryOptions());
  const missing = data?.missing ?? [];
  return (
    <List.Item
      prefix={<FileOutline />}
      description={
        missing.length > 0
          ? t('store.taxDetailsMissing', { fields: missingFieldNames(missing, t) })
          : t('store.taxDetailsHint')
      }
      extra={
        data ? (
          <span className={missing.length > 0 ? styles.taxMissing : styles.taxComplete}>
            {missing.length > 0
              ? t('taxDetails.missingCount', { count: missing.length })
              : t('taxDetails.complete')}
          </span>
        ) : undefined
      }
      onClick={onClick}
    >
      <span>{t('nav.taxDetails')}</span>
    </List.Item>
  );
}

/**
 * Store profile (#/pages/profile/store): the hub of the store's management — the store card,
 * its announcements, the business verification (SSM), entries to basic info, the tax details,
 * the description and announcements, boats and cold rooms, and the carousel.
 */
export default function StorePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery(storeProfileQueryOptions());
  const [editing, setEditing] = useState(false);

  if (query.isPending)
    return <PageMessage className={page.state} loading title={t('common.loading')} />;
  if (query.isError)
    return (
      <div className={page.screen}>
        <PageMessage
          className={page.state}
          title={t('store.loadFailed')}
          description={errorText(query.error) ?? undefined}
          action={t('common.retry')}
          onAction={() => void query.refetch()}
        />
      </div>
    );

  const store = query.data;
  return (
    <PullToRefresh
      onRefresh={async () => {
        await Promise.all([
          query.refetch(),
          queryClient.refetchQueries({ queryKey: taxDetailsQueryOptions().queryKey }),
        ]);
      }}
    >
      <div className={page.screen}>
        <StoreCard store={store} />
        <Announcements items={store.announcements} />
        <SsmSection store={store} />
        <List className={styles.list} header={t('store.management')}>
          <List.Item
            prefix={<UserContactOutline />}
            description={t('store.basicInfoHint')}
            onClick={() => void navigate(PATHS.basicInfo)}
          >
            {t('store.basicInfo')}
          </List.Item>
          <TaxDetailsItem onClick={() => void navigate(PATHS.taxDetails)} />
          <List.Item
            prefix={<EditSOutline />}
            description={store.name ? undefined : t('store.basicInfoFirst')}
            disabled={!store.name}
            onClick={() => setEditing(true)}
          >
            {t('store.descriptionAndAnnouncements')}
          </List.Item>
          <List.Item prefix={<TruckOutline />} onClick={() => void navigate(PATHS.boats)}>
            {t('nav.boats')}
          </List.Item>
          <List.Item
            prefix={<ShopbagOutline />}
            extra={store.hasColdRoom ? t('store.hasColdRoom') : t('store.noColdRoom')}
            onClick={() => void navigate(PATHS.coldRooms)}
          >
            {t('nav.coldRooms')}
          </List.Item>
        </List>
        <CarouselEditor photos={store.carousel} />
        {editing ? <ProfileEditor store={store} onClose={() => setEditing(false)} /> : null}
      </div>
    </PullToRefresh>
  );
}
