import type { ColdRoom } from '@sm/contract';
import Switch from 'antd-mobile/es/components/switch';
import AppstoreOutline from 'antd-mobile-icons/es/AppstoreOutline';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../lib/router';
import { showError } from '../../../lib/errors';
import { PATHS } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { EditableListPage } from '../../../lib/ui/EditableListPage';
import { lazyComponent } from '../../../lib/ui/lazyComponent';
import { Notice } from '../../../lib/ui/Notice';
import {
  coldRoomsQueryOptions,
  useColdRoomSettings,
  useDeleteColdRoom,
  useSaveColdRoom,
} from '../api';
import { ListItem } from '../components/ListItem';
import styles from '../components/boats.module.css';
import { toggledRoom } from '../form';

/** The form, with the contract's schemas and the photo uploader, loads when a sheet opens. */
const ColdRoomForm = lazyComponent(() => import('../components/ColdRoomForm'), 'form');

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

/** Whether the store has cold rooms at all: the list shows only when it has. */
function ColdRoomFlag({ storeSetUp, hasColdRoom }: { storeSetUp: boolean; hasColdRoom: boolean }) {
  const { t } = useTranslation();
  const flagId = useId();
  const settings = useColdRoomSettings();
  return (
    <>
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
    </>
  );
}

/**
 * Cold rooms (Store → Cold rooms, PRODUCT.md §7): whether the store has any, then the rooms, each
 * named 'Cold Room N' unless the merchant named it, with an owner, a photo and an active flag.
 */
export default function ColdRoomsPage() {
  const { t } = useTranslation();
  return (
    <EditableListPage
      query={useQuery(coldRoomsQueryOptions())}
      items={(data) => data.items}
      remove={useDeleteColdRoom()}
      texts={{
        failed: t('boats.coldRoomsFailed'),
        empty: t('boats.noColdRooms'),
        emptyHint: t('boats.noColdRoomsHint'),
        list: t('boats.coldRoomList'),
        add: t('boats.addColdRoom'),
        deleteConfirm: (room) => t('boats.deleteColdRoomConfirm', { name: room.name }),
        delete: t('boats.delete'),
      }}
      emptyIcon={<AppstoreOutline aria-hidden="true" />}
      header={(data) => (
        <ColdRoomFlag storeSetUp={data.storeSetUp} hasColdRoom={data.hasColdRoom} />
      )}
      showList={(data) => data.hasColdRoom}
      renderItem={(room, actions) => <ColdRoomItem room={room} {...actions} />}
      preloadForm={ColdRoomForm.preload}
      renderForm={({ key, item, data, onDone }) => (
        <ColdRoomForm key={key} room={item} rooms={data.items} onDone={onDone} />
      )}
    />
  );
}
