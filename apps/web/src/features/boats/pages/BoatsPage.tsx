import type { Boat } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import CompassOutline from 'antd-mobile-icons/es/CompassOutline';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, showError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { PageMessage } from '../../../lib/ui/PageMessage';
import { boatsQueryOptions, useDeleteBoat } from '../api';
import { BoatForm } from '../components/BoatForm';
import { ListItem } from '../components/ListItem';
import styles from '../components/boats.module.css';
import { useConfirm } from '../../../lib/ui/useConfirm';

/** The sheet's state: which boat it edits (null: a new one), and a key per opening. */
interface Sheet {
  open: boolean;
  boat: Boat | null;
  key: number;
}

const SHEET_STYLE = { borderTopLeftRadius: 12, borderTopRightRadius: 12 };

/** Boats (Store → Boats, spec §5): the lot form picks the boat of each lot from this list. */
export default function BoatsPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const boats = useQuery(boatsQueryOptions());
  const remove = useDeleteBoat();
  const [sheet, setSheet] = useState<Sheet>({ open: false, boat: null, key: 0 });

  // The sheet keeps its last boat while it slides away; a new key starts a fresh form.
  const openSheet = (boat: Boat | null) =>
    setSheet((current) => ({ open: true, boat, key: current.key + 1 }));
  const closeSheet = () => setSheet((current) => ({ ...current, open: false }));

  const confirmDelete = async (boat: Boat) => {
    const confirmed = await confirm({
      content: t('boats.deleteBoatConfirm', { number: boat.boatNumber }),
      confirmText: t('boats.delete'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    remove.mutate(boat.id, {
      onSuccess: () => toast(t('success.deleted'), 'success'),
      onError: showError,
    });
  };

  const addButton = (
    <Button
      className={styles.add}
      block
      size="large"
      color="primary"
      onClick={() => openSheet(null)}
    >
      <AddOutline aria-hidden="true" /> {t('boats.addBoat')}
    </Button>
  );

  let content;
  if (boats.isPending) {
    content = <PageMessage className={styles.state} loading title={t('common.loading')} />;
  } else if (boats.isError) {
    content = (
      <PageMessage
        className={styles.state}
        title={t('boats.boatsFailed')}
        description={errorText(boats.error) ?? t('messages.failed')}
        action={t('common.retry')}
        onAction={() => void boats.refetch()}
      />
    );
  } else if (boats.data.length === 0) {
    content = (
      <PageMessage
        className={styles.state}
        icon={<CompassOutline aria-hidden="true" />}
        title={t('boats.noBoats')}
        description={t('boats.noBoatsHint')}
      >
        {addButton}
      </PageMessage>
    );
  } else {
    content = (
      <>
        <ul className={styles.list} aria-label={t('boats.boatList')}>
          {boats.data.map((boat) => (
            <ListItem
              key={boat.id}
              id={boat.id}
              thumbUrl={boat.thumbUrl}
              title={boat.boatNumber}
              details={t('boats.ownedBy', { name: boat.ownerName })}
              onEdit={() => openSheet(boat)}
              onDelete={() => void confirmDelete(boat)}
            />
          ))}
        </ul>
        {addButton}
      </>
    );
  }

  return (
    <PullToRefresh onRefresh={() => boats.refetch()}>
      <div className={styles.screen}>{content}</div>
      <Popup
        visible={sheet.open}
        onMaskClick={closeSheet}
        onClose={closeSheet}
        bodyStyle={SHEET_STYLE}
        destroyOnClose
      >
        <BoatForm key={sheet.key} boat={sheet.boat} onDone={closeSheet} />
      </Popup>
    </PullToRefresh>
  );
}
