import {
  ANNOUNCEMENT_MAX_LENGTH,
  MAX_ANNOUNCEMENTS,
  STORE_DESCRIPTION_MAX_LENGTH,
  type StoreProfile,
} from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import TextArea from 'antd-mobile/es/components/text-area';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import DeleteOutline from 'antd-mobile-icons/es/DeleteOutline';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { showError } from '../../../lib/errors';
import { useChecksForSubmit } from '../../../lib/useChecksForSubmit';
import { apiErrorCode, isRequestError } from '../../../lib/request';
import { toast } from '../../../lib/toast';
import { Field, FieldError } from '../../../lib/ui/Field';
import { BottomSheet } from '../../../lib/ui/BottomSheet';
import { useSaveStoreProfile } from '../api';
import { type ProfileErrors, profileErrorsOf, type ProfileValues, profileValuesOf } from '../form';
import { storeChecks } from '../loadStoreChecks';
import styles from './store.module.css';

/**
 * The description and the announcements, in a sheet over the store page. A refused save keeps
 * the sheet open with everything typed, the refusal marked at its field or row.
 */
export function ProfileEditor({ store, onClose }: { store: StoreProfile; onClose: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const save = useSaveStoreProfile();
  const [values, setValues] = useState<ProfileValues>(() => profileValuesOf(store));
  const [errors, setErrors] = useState<ProfileErrors>({});

  const error = (key: string) => {
    const code = errors[key];
    return code ? t(`errors.${code}`) : undefined;
  };
  const setDescription = (description: string) => {
    setValues((current) => ({ ...current, description }));
    setErrors(({ description: _, ...rest }) => rest);
  };
  const setAnnouncement = (row: number, text: string) => {
    setValues((current) => ({
      ...current,
      announcements: current.announcements.map((a, i) => (i === row ? text : a)),
    }));
    setErrors(({ [`announcements.${row}`]: _, announcements: __, ...rest }) => rest);
  };
  const addRow = () =>
    setValues((current) => ({ ...current, announcements: [...current.announcements, ''] }));
  const removeRow = (row: number) => {
    setValues((current) => ({
      ...current,
      announcements: current.announcements.filter((_, i) => i !== row),
    }));
    // Rows after it move up: their marks would point at the wrong row.
    setErrors(({ description }) => (description ? { description } : {}));
  };

  const checks = useChecksForSubmit(storeChecks);
  const submit = async () => {
    if (save.isPending) return;
    const loaded = await checks.forSubmit();
    if (!loaded) return;
    const check = loaded.checkProfile(values);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    const rows = values.announcements.flatMap((text, row) => (text.trim() ? [row] : []));
    save.mutate(check.input, {
      onSuccess: () => {
        toast(t('success.savedSuccessfully'), 'success');
        onClose();
      },
      onError: (failure) => {
        const code = apiErrorCode(failure);
        const field = isRequestError(failure) ? failure.field : undefined;
        const marked =
          code && field ? profileErrorsOf([{ path: fieldPath(field), code }], rows) : {};
        if (Object.keys(marked).length > 0) setErrors(marked);
        else showError(failure);
      },
    });
  };

  const listError = error('announcements');
  return (
    <BottomSheet visible onClose={onClose} bodyStyle={{ maxHeight: '90vh' }} keepContent>
      <form
        className={styles.sheet}
        role="dialog"
        aria-labelledby={headingId}
        noValidate
        onFocus={checks.preload}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h2 id={headingId}>{t('store.descriptionAndAnnouncements')}</h2>
        <Field id="store-description" label={t('store.description')} error={error('description')}>
          <TextArea
            id="store-description"
            value={values.description}
            placeholder={t('store.descriptionPlaceholder')}
            maxLength={STORE_DESCRIPTION_MAX_LENGTH}
            autoSize={{ minRows: 3, maxRows: 8 }}
            showCount
            onChange={setDescription}
          />
        </Field>
        <fieldset className={styles.announcements}>
          <legend>{t('store.announcements')}</legend>
          <p className={styles.hint}>{t('store.announcementsHint', { max: MAX_ANNOUNCEMENTS })}</p>
          {values.announcements.map((text, row) => {
            const id = `store-announcement-${row}`;
            const rowError = error(`announcements.${row}`);
            return (
              <div key={row} className={styles.announcementRow}>
                <label htmlFor={id} className={styles.srOnly}>
                  {t('store.announcementN', { n: row + 1 })}
                </label>
                <div
                  className={rowError ? `${styles.inputBox} ${styles.invalid}` : styles.inputBox}
                >
                  <Input
                    id={id}
                    value={text}
                    placeholder={t('store.announcementPlaceholder')}
                    maxLength={ANNOUNCEMENT_MAX_LENGTH}
                    onChange={(value) => setAnnouncement(row, value)}
                  />
                  <button
                    type="button"
                    className={styles.iconButton}
                    aria-label={t('store.removeAnnouncement', { n: row + 1 })}
                    onClick={() => removeRow(row)}
                  >
                    <DeleteOutline aria-hidden="true" />
                  </button>
                </div>
                <FieldError>{rowError}</FieldError>
              </div>
            );
          })}
          <FieldError>{listError}</FieldError>
          {values.announcements.length < MAX_ANNOUNCEMENTS ? (
            <Button size="small" fill="outline" onClick={addRow}>
              <AddOutline aria-hidden="true" /> {t('store.addAnnouncement')}
            </Button>
          ) : null}
        </fieldset>
        <div className={styles.actions}>
          <Button block fill="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button block color="primary" type="submit" loading={save.isPending}>
            {t('store.save')}
          </Button>
        </div>
      </form>
    </BottomSheet>
  );
}

/** `announcements.2` → ['announcements', 2], as a schema issue's path. */
const fieldPath = (field: string): PropertyKey[] =>
  field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
