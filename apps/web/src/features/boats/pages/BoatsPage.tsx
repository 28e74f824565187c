import CompassOutline from 'antd-mobile-icons/es/CompassOutline';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { EditableListPage } from '../../../lib/ui/EditableListPage';
import { lazyComponent } from '../../../lib/ui/lazyComponent';
import { boatsQueryOptions, useDeleteBoat } from '../api';
import { ListItem } from '../components/ListItem';

/** The form, with the contract's schemas and the photo uploader, loads when a sheet opens. */
const BoatForm = lazyComponent(() => import('../components/BoatForm'), 'form');

/** Boats (Store → Boats, spec §5): the lot form picks the boat of each lot from this list. */
export default function BoatsPage() {
  const { t } = useTranslation();
  return (
    <EditableListPage
      query={useQuery(boatsQueryOptions())}
      remove={useDeleteBoat()}
      texts={{
        failed: t('boats.boatsFailed'),
        empty: t('boats.noBoats'),
        emptyHint: t('boats.noBoatsHint'),
        list: t('boats.boatList'),
        add: t('boats.addBoat'),
        deleteConfirm: (boat) => t('boats.deleteBoatConfirm', { number: boat.boatNumber }),
        delete: t('boats.delete'),
      }}
      emptyIcon={<CompassOutline aria-hidden="true" />}
      renderItem={(boat, actions) => (
        <ListItem
          id={boat.id}
          thumbUrl={boat.thumbUrl}
          title={boat.boatNumber}
          details={t('boats.ownedBy', { name: boat.ownerName })}
          {...actions}
        />
      )}
      preloadForm={BoatForm.preload}
      renderForm={({ key, item, onDone }) => <BoatForm key={key} boat={item} onDone={onDone} />}
    />
  );
}
