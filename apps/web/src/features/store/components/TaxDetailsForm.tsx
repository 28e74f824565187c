import {
  ADDRESS_LINE_MAX_LENGTH,
  BUSINESS_ACTIVITY_MAX_LENGTH,
  CITY_MAX_LENGTH,
  type StoreTaxDetails,
} from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import { Dialog } from '../../../lib/ui/Dialog';
import Switch from 'antd-mobile/es/components/switch';
import TextArea from 'antd-mobile/es/components/text-area';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useBlocker } from '../../../lib/router';
import type { FieldCodes } from '../../../lib/form';
import { useFieldForm } from '../../../lib/form';
import { lazyModule } from '../../../lib/lazyModule';
import { useChecksForSubmit } from '../../../lib/useChecksForSubmit';
import { toast } from '../../../lib/toast';
import { Field } from '../../../lib/ui/Field';
import { TextField } from '../../../lib/ui/TextField';
import { useSaveTaxDetails } from '../api';
import {
  type AddressLines,
  isTaxChanged,
  TAX_FORM_FIELDS,
  type TaxFormField,
  type TaxValues,
  taxValuesOf,
  upper,
} from '../taxForm';
import { MsicField } from './MsicField';
import { StateField } from './StateField';
import styles from './tax.module.css';

/** The contract's schema for the details, with zod: loaded when the form is first focused. */
const taxChecks = lazyModule(() => import('../taxChecks'));

/** Room for the spaces a merchant may type in a number; the contract takes them out. */
const NUMBER_MAX_LENGTH = 30;
/** Two SST numbers joined by ';' are 35 characters. */
const SST_MAX_LENGTH = 40;
const ADDRESS_LINE_LABELS = [
  'taxDetails.addressLine1',
  'taxDetails.addressLine2',
  'taxDetails.addressLine3',
] as const;

/**
 * TIN, SSM number, SST, MSIC code and activity, and the address LHDN wants, checked by the
 * contract's schema: a field is judged when it is left with something in it, every field when
 * Save is pressed, so each wrong one says what is wrong with it at once. A refused save marks
 * its field (or says why in a toast) and keeps everything typed; leaving with unsaved changes
 * asks first. The form starts from the details loaded first.
 */
export function TaxDetailsForm({ details }: { details: StoreTaxDetails }) {
  const { t } = useTranslation();
  const save = useSaveTaxDetails();
  const formRef = useRef<HTMLFormElement>(null);
  const [saved, setSaved] = useState(() => taxValuesOf(details));
  const { values, setErrors, set, reset, showSaveError, errorText } = useFieldForm(
    () => saved,
    TAX_FORM_FIELDS,
  );

  const changed = isTaxChanged(values, saved);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      changed && currentLocation.pathname !== nextLocation.pathname,
  );

  /** Each of `fields` shows what is wrong with it in `next`, or nothing; the rest keep theirs. */
  const judge = async (fields: readonly TaxFormField[], next: TaxValues = values) => {
    // Offline: Save says so, and checks everything once the schema is here.
    const loaded = await taxChecks.load().catch(() => null);
    if (!loaded) return;
    const check = loaded.checkTaxDetails(next);
    const found: FieldCodes<TaxFormField> = check.ok ? {} : check.errors;
    setErrors((current) => {
      const updated = { ...current };
      for (const field of fields) {
        const code = found[field];
        if (code) updated[field] = code;
        else delete updated[field];
      }
      return updated;
    });
  };

  /** Leaving a field judges it, unless it is still blank: an empty form is not told off. */
  const leave = (field: TaxFormField, text: string) => {
    if (text.trim()) void judge([field]);
  };

  const showErrors = (found: FieldCodes<TaxFormField>) => {
    setErrors(found);
    // After the render that shows them: bring the first one into view.
    requestAnimationFrame(() =>
      formRef.current
        ?.querySelector('[data-invalid]')
        ?.scrollIntoView({ behavior: 'smooth', block: 'center' }),
    );
  };

  const setLine = (index: number, text: string) => {
    const lines = [...values.addressLines] as AddressLines;
    lines[index] = text;
    set('addressLines', lines);
  };

  const chooseMsic = (code: string, description: string) => {
    // LHDN's words for the code, unless the merchant's own words are for this same code.
    const keepActivity = code === values.msicCode && values.businessActivity.trim() !== '';
    const businessActivity = keepActivity ? values.businessActivity : description.trim();
    set('msicCode', code);
    set('businessActivity', businessActivity);
    void judge(['msicCode', 'businessActivity'], { ...values, msicCode: code, businessActivity });
  };

  const chooseState = (stateCode: string) => {
    set('stateCode', stateCode);
    void judge(['stateCode'], { ...values, stateCode });
  };

  const switchSst = (on: boolean) => {
    set('sstRegistered', on);
    // Off: the number is not sent, so it is not wrong either.
    if (!on) void judge(['sstNumber'], { ...values, sstRegistered: false });
  };

  const checks = useChecksForSubmit(taxChecks);
  const submit = async () => {
    if (save.isPending) return;
    const loaded = await checks.forSubmit();
    if (!loaded) return;
    const check = loaded.checkTaxDetails(values);
    if (!check.ok) {
      showErrors(check.errors);
      return;
    }
    save.mutate(check.input, {
      onSuccess: (answer) => {
        // The form shows what was saved, as the contract tidied it (capitals, no spaces).
        const next = taxValuesOf(answer);
        setSaved(next);
        reset(next);
        toast(t('success.savedSuccessfully'), 'success');
      },
      onError: showSaveError,
    });
  };

  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      onFocus={checks.preload}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <section className={styles.section} aria-labelledby="tax-business">
        <h2 id="tax-business">{t('taxDetails.business')}</h2>
        <TextField
          id="tax-tin"
          label={t('taxDetails.tin')}
          error={errorText('tin')}
          hint={t('taxDetails.tinHint')}
          value={values.tin}
          placeholder={t('taxDetails.tinPlaceholder')}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          maxLength={NUMBER_MAX_LENGTH}
          onChange={(text) => set('tin', upper(text))}
          onBlur={() => leave('tin', values.tin)}
        />
        <TextField
          id="tax-registration"
          label={t('taxDetails.registrationNumber')}
          error={errorText('registrationNumber')}
          hint={t('taxDetails.registrationHint')}
          value={values.registrationNumber}
          placeholder={t('taxDetails.registrationPlaceholder')}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          maxLength={NUMBER_MAX_LENGTH}
          onChange={(text) => set('registrationNumber', upper(text))}
          onBlur={() => leave('registrationNumber', values.registrationNumber)}
        />
        <Field
          id="tax-sst"
          label={t('taxDetails.sst')}
          error={errorText('sstRegistered')}
          group
          bare
        >
          <div className={styles.switchRow}>
            <span>
              {values.sstRegistered
                ? t('taxDetails.sstRegistered')
                : t('taxDetails.sstNotRegistered')}
            </span>
            <Switch
              checked={values.sstRegistered}
              onChange={switchSst}
              aria-label={t('taxDetails.sstRegistered')}
            />
          </div>
        </Field>
        {values.sstRegistered ? (
          <TextField
            id="tax-sst-number"
            label={t('taxDetails.sstNumber')}
            error={errorText('sstNumber')}
            hint={t('taxDetails.sstHint')}
            value={values.sstNumber}
            placeholder={t('taxDetails.sstPlaceholder')}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            maxLength={SST_MAX_LENGTH}
            onChange={(text) => set('sstNumber', upper(text))}
            onBlur={() => leave('sstNumber', values.sstNumber)}
          />
        ) : null}
        <MsicField
          id="tax-msic"
          error={errorText('msicCode')}
          value={values.msicCode}
          onChange={chooseMsic}
        />
        <Field
          id="tax-activity"
          label={t('taxDetails.businessActivity')}
          error={errorText('businessActivity')}
          hint={t('taxDetails.activityHint')}
        >
          <TextArea
            id="tax-activity"
            value={values.businessActivity}
            maxLength={BUSINESS_ACTIVITY_MAX_LENGTH}
            autoSize={{ minRows: 2, maxRows: 5 }}
            onChange={(text) => set('businessActivity', text)}
            onBlur={() => leave('businessActivity', values.businessActivity)}
          />
        </Field>
      </section>

      <section className={styles.section} aria-labelledby="tax-address">
        <h2 id="tax-address">{t('taxDetails.address')}</h2>
        {ADDRESS_LINE_LABELS.map((label, index) => (
          <TextField
            key={label}
            id={`tax-address-${index + 1}`}
            label={t(label)}
            // The lines are one field to LHDN; what is wrong with them shows under the first.
            error={index === 0 ? errorText('addressLines') : undefined}
            value={values.addressLines[index]}
            placeholder={index === 0 ? t('taxDetails.addressLinePlaceholder') : undefined}
            autoComplete={`address-line${index + 1}`}
            maxLength={ADDRESS_LINE_MAX_LENGTH}
            onChange={(text) => setLine(index, text)}
            onBlur={() => leave('addressLines', values.addressLines.join(''))}
          />
        ))}
        <TextField
          id="tax-postcode"
          label={t('taxDetails.postcode')}
          error={errorText('postcode')}
          value={values.postcode}
          placeholder="45000"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="postal-code"
          maxLength={5}
          onChange={(text) => set('postcode', text)}
          onBlur={() => leave('postcode', values.postcode)}
        />
        <TextField
          id="tax-city"
          label={t('taxDetails.city')}
          error={errorText('city')}
          value={values.city}
          autoComplete="address-level2"
          maxLength={CITY_MAX_LENGTH}
          onChange={(text) => set('city', text)}
          onBlur={() => leave('city', values.city)}
        />
        <StateField
          id="tax-state"
          error={errorText('stateCode')}
          value={values.stateCode}
          onChange={chooseState}
        />
        <TextField
          id="tax-country"
          label={t('taxDetails.country')}
          value={t('taxDetails.malaysia')}
          readOnly
        />
      </section>

      <Button block size="large" color="primary" type="submit" loading={save.isPending}>
        {t('taxDetails.save')}
      </Button>

      <Dialog
        visible={blocker.state === 'blocked'}
        aria-label={t('taxDetails.leaveTitle')}
        title={t('taxDetails.leaveTitle')}
        content={t('taxDetails.leaveContent')}
        actions={[
          {
            key: 'stay',
            text: t('taxDetails.stay'),
            bold: true,
            onClick: () => blocker.reset?.(),
          },
          {
            key: 'leave',
            text: t('taxDetails.leave'),
            danger: true,
            onClick: () => blocker.proceed?.(),
          },
        ]}
      />
    </form>
  );
}
