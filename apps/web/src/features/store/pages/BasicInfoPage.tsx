import { STORE_ADDRESS_MAX_LENGTH, STORE_NAME_MAX_LENGTH, type StoreProfile } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import TextArea from 'antd-mobile/es/components/text-area';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { errorText } from '../../../lib/errors';
import { useFieldForm } from '../../../lib/form';
import { storeProfileQueryOptions } from '../../../lib/storeProfile';
import { useChecksForSubmit } from '../../../lib/useChecksForSubmit';
import { toast } from '../../../lib/toast';
import { Field } from '../../../lib/ui/Field';
import { PageMessage } from '../../../lib/ui/PageMessage';
import { TextField } from '../../../lib/ui/TextField';
import page from '../../../lib/ui/page.module.css';
import { useSaveBasicInfo } from '../api';
import { LocationField } from '../components/LocationField';
import { LogoField } from '../components/LogoField';
import { SsmSection } from '../components/SsmSection';
import styles from '../components/store.module.css';
import { BASIC_INFO_FIELDS, basicInfoValuesOf } from '../form';
import { storeChecks } from '../loadStoreChecks';

/**
 * Logo, business name, address and location. The form starts from the store loaded first; a
 * failed check or a refused save marks the field and keeps everything typed.
 */
function BasicInfoForm({ store }: { store: StoreProfile }) {
  const { t } = useTranslation();
  const save = useSaveBasicInfo();
  const [uploading, setUploading] = useState(false);
  const form = useFieldForm(() => basicInfoValuesOf(store), BASIC_INFO_FIELDS);
  const { values, set } = form;
  const errorOf = form.errorText;

  const checks = useChecksForSubmit(storeChecks);
  const submit = async () => {
    if (save.isPending || uploading) return;
    const loaded = await checks.forSubmit();
    if (!loaded) return;
    const input = form.check(loaded.checkBasicInfo);
    if (input === null) return;
    save.mutate(input, {
      onSuccess: () => toast(t('success.savedSuccessfully'), 'success'),
      onError: form.showSaveError,
    });
  };

  return (
    <form
      className={styles.card}
      noValidate
      onFocus={checks.preload}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <LogoField
        value={values.logo}
        error={errorOf('logo')}
        onChange={(logo) => set('logo', logo)}
        onBusy={setUploading}
      />
      <TextField
        id="store-name"
        label={t('store.name')}
        error={errorOf('name')}
        value={values.name}
        placeholder={t('store.namePlaceholder')}
        autoComplete="organization"
        maxLength={STORE_NAME_MAX_LENGTH}
        onChange={(value) => set('name', value)}
      />
      <Field id="store-address" label={t('store.address')} error={errorOf('address')}>
        <TextArea
          id="store-address"
          value={values.address}
          placeholder={t('store.addressPlaceholder')}
          autoComplete="street-address"
          maxLength={STORE_ADDRESS_MAX_LENGTH}
          autoSize={{ minRows: 2, maxRows: 5 }}
          onChange={(value) => set('address', value)}
        />
      </Field>
      <LocationField
        tiles={store.mapTiles}
        latitude={values.latitude}
        longitude={values.longitude}
        errors={{ latitude: errorOf('latitude'), longitude: errorOf('longitude') }}
        onChange={(latitude, longitude) => {
          set('latitude', latitude);
          set('longitude', longitude);
        }}
      />
      <Button
        block
        size="large"
        color="primary"
        type="submit"
        loading={save.isPending}
        disabled={uploading}
      >
        {t('store.save')}
      </Button>
    </form>
  );
}

/** Basic info (#/pages/profile/basic-info): the form, then the SSM document for verification. */
export default function BasicInfoPage() {
  const { t } = useTranslation();
  const query = useQuery(storeProfileQueryOptions());

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

  return (
    <div className={page.screen}>
      <BasicInfoForm store={query.data} />
      <SsmSection store={query.data} />
    </div>
  );
}
