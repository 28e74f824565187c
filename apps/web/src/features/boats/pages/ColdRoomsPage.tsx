import type { ColdRoom } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Switch from 'antd-mobile/es/components/switch';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import AppstoreOutline from 'antd-mobile-icons/es/AppstoreOutline';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText, showError } from '../../../lib/errors';
import { PATHS } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { Notice } from '../../../lib/ui/Notice';
import { PageMessage } from '../../../lib/ui/PageMessage';
import {
  coldRoomsQueryOptions,
  useColdRoomSettings,
  useDeleteColdRoom,
  useSaveColdRoom,
} from '../api';
import { ColdRoomForm } from '../components/ColdRoomForm';
import { ListItem } from '../components/ListItem';
import styles from '../components/boats.module.css';
import { defaultNameFor, toggledRoom } from '../form';
import { useConfirm } from '../../../lib/ui/useConfirm';

interface Sheet {
  open: boolean;
  room: ColdRoom | null;
  key: number;
}

const SHEET_STYLE = { borderTopLeftRadius: 12, borderTopRightRadius: 12 };

/** One room of the list, with its own active switch (and its own pending state). */
function ColdRoomItem({
  room,
  onEdit,
  onDelete,
}: {
  room: ColdRoom;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveColdRoom();
  const switchLabel = t('boats.activeOf', { name: room.name });
  return (
    <ListItem
      id={room.id}
      thumbUrl={room.thumbUrl}
      title={room.name}
      inactive={!room.active}
      details={
        room.ownerName ? t('boats.roomOwnedBy', { name: room.ownerName }) : t('boats.noOwner')
      }
      extra={
        <span className={styles.activeSwitch}>
          <Switch
            checked={room.active}
            loading={save.isPending}
            aria-label={switchLabel}
            onChange={(active) =>
              save.mutate(
                { id: room.id, input: toggledRoom(room, active) },
                {
                  onSuccess: () => toast(t('success.updated'), 'success'),
                  onError: showError,
                },
              )
            }
          />
          <span aria-hidden="true">{room.active ? t('boats.inUse') : t('boats.notInUse')}</span>
        </span>
      }
      onEdit={onEdit}
      onDelete={onDelete}
    />
  );
}

/**
 * Cold rooms (Store → Cold rooms, PRODUCT.md §7): whether the store has any, then the rooms, each
 * named 'Cold Room N' unless the merchant named it, with an owner, a photo and an active flag.
 */
export default function ColdRoomsPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const flagId = useId();
  const rooms = useQuery(coldRoomsQueryOptions());
  const settings = useColdRoomSettings();
  const remove = useDeleteColdRoom();
  const [sheet, setSheet] = useState<Sheet>({ open: false, room: null, key: 0 });

  const openSheet = (room: ColdRoom | null) =>
    setSheet((current) => ({ open: true, room, key: current.key + 1 }));
  const closeSheet = () => setSheet((current) => ({ ...current, open: false }));

  const confirmDelete = async (room: ColdRoom) => {
    const confirmed = await confirm({
      content: t('boats.deleteColdRoomConfirm', { name: room.name }),
      confirmText: t('boats.delete'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    remove.mutate(room.id, {
      onSuccess: () => toast(t('success.deleted'), 'success'),
      onError: showError,
    });
  };

  if (rooms.isPending)
    return (
      <div className={styles.screen}>
        <PageMessage className={styles.state} loading title={t('common.loading')} />
      </div>
    );
  if (rooms.isError)
    return (
      <div className={styles.screen}>
        <PageMessage
          className={styles.state}
          title={t('boats.coldRoomsFailed')}
          description={errorText(rooms.error) ?? t('messages.failed')}
          action={t('common.retry')}
          onAction={() => void rooms.refetch()}
        />
      </div>
    );

  const { storeSetUp, hasColdRoom, items } = rooms.data;
  const addButton = (
    <Button
      className={styles.add}
      block
      size="large"
      color="primary"
      onClick={() => openSheet(null)}
    >
      <AddOutline aria-hidden="true" /> {t('boats.addColdRoom')}
    </Button>
  );

  let list = null;
  if (hasColdRoom && items.length === 0) {
    list = (
      <PageMessage
        className={styles.state}
        icon={<AppstoreOutline aria-hidden="true" />}
        title={t('boats.noColdRooms')}
        description={t('boats.noColdRoomsHint')}
      >
        {addButton}
      </PageMessage>
    );
  } else if (hasColdRoom) {
    list = (
      <>
        <ul className={styles.list} aria-label={t('boats.coldRoomList')}>
          {items.map((room) => (
            <ColdRoomItem
              key={room.id}
              room={room}
              onEdit={() => openSheet(room)}
              onDelete={() => void confirmDelete(room)}
            />
          ))}
        </ul>
        {addButton}
      </>
    );
  }

  return (
    <PullToRefresh onRefresh={() => rooms.refetch()}>
      <div className={styles.screen}>
        <div className={styles.flag}>
          <div className={styles.flagText}>
            <span id={`${flagId}-title`} className={styles.flagTitle}>
              {t('boats.hasColdRoom')}
            </span>
            <span id={`${flagId}-hint`} className={styles.flagHint}>
              {hasColdRoom ? t('boats.hasColdRoomOn') : t('boats.hasColdRoomOff')}
            </span>
          </div>
          <Switch
            aria-labelledby={`${flagId}-title`}
            aria-describedby={`${flagId}-hint`}
            checked={hasColdRoom}
            disabled={!storeSetUp}
            loading={settings.isPending}
            onChange={(checked) =>
              settings.mutate(
                { hasColdRoom: checked },
                {
                  onSuccess: () => toast(t('success.savedSuccessfully'), 'success'),
                  onError: showError,
                },
              )
            }
          />
        </div>
        {storeSetUp ? null : (
          <Notice tone="info" role="note">
            {t('boats.storeFirst')} <Link to={PATHS.basicInfo}>{t('nav.basicInfo')}</Link>
          </Notice>
        )}
        {list}
      </div>
      <Popup
        visible={sheet.open}
        onMaskClick={closeSheet}
        onClose={closeSheet}
        bodyStyle={SHEET_STYLE}
        destroyOnClose
      >
        <ColdRoomForm
          key={sheet.key}
          room={sheet.room}
          defaultName={defaultNameFor(items, sheet.room)}
          onDone={closeSheet}
        />
      </Popup>
    </PullToRefresh>
  );
}
