import {
  DEFAULT_PRINTER_PORT,
  PAPER_WIDTHS,
  type PaperWidth,
  type Printer,
  printerInput,
  type PrinterInput,
  PRINTER_KINDS,
  type PrinterKind,
} from '@sm/contract';
import Selector from 'antd-mobile/es/components/selector';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { fieldCodes } from '../../../lib/fieldCodes';
import { type Check, useFieldForm } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { Field } from '../../../lib/ui/Field';
import { Notice } from '../../../lib/ui/Notice';
import { SheetForm, sheetStyles } from '../../../lib/ui/SheetForm';
import { TextField } from '../../../lib/ui/TextField';
import { networkPrintingQueryOptions, useSavePrinter } from '../api';
import { bluetoothSupported } from '../bluetooth';

interface Values {
  name: string;
  kind: PrinterKind;
  paperWidth: PaperWidth;
  host: string;
  /** As typed. */
  port: string;
  mac: string;
}
type FormField = keyof Values;
const FIELDS: readonly FormField[] = ['name', 'kind', 'paperWidth', 'host', 'port', 'mac'];

const valuesOf = (printer: Printer | null): Values => ({
  name: printer?.name ?? '',
  kind: printer?.kind ?? 'network',
  paperWidth: printer?.paperWidth ?? 58,
  host: printer?.host ?? '',
  port: printer?.port == null ? '' : String(printer.port),
  mac: printer?.mac ?? '',
});

/**
 * What the API takes: an address only for a network printer (an empty port as the default), a
 * MAC address only for a cloud printer.
 */
const inputOf = (values: Values): PrinterInput => ({
  name: values.name,
  kind: values.kind,
  paperWidth: values.paperWidth,
  ...(values.kind === 'network'
    ? { host: values.host, ...(values.port.trim() ? { port: values.port.trim() } : {}) }
    : {}),
  ...(values.kind === 'cloud' ? { mac: values.mac } : {}),
});

const checkPrinter = (values: Values): Check<PrinterInput, FormField> => {
  const input = inputOf(values);
  const parsed = printerInput.safeParse(input);
  return parsed.success
    ? { ok: true, input }
    : { ok: false, errors: fieldCodes(parsed.error, FIELDS) };
};

/** Add a printer (`printer` null) or change one; the contract's schema checks it before the API. */
export function PrinterForm({ printer, onDone }: { printer: Printer | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSavePrinter();
  // Told before the merchant fills in an address that this server could never print to.
  const networkOff = useQuery(networkPrintingQueryOptions()).data === false;
  const form = useFieldForm(() => valuesOf(printer), FIELDS, {
    requiredText: () => t('printing.required'),
  });
  const { values, set, fieldId, errorText } = form;

  const submit = () => {
    const input = form.check(checkPrinter);
    if (input === null) return;
    save.mutate(
      { id: printer?.id, input },
      {
        onSuccess: () => {
          toast(t('success.savedSuccessfully'), 'success');
          onDone();
        },
        onError: form.showSaveError,
      },
    );
  };

  return (
    <SheetForm
      title={printer ? t('printing.editTitle') : t('printing.addTitle')}
      submitText={t('printing.save')}
      saving={save.isPending}
      onSubmit={submit}
      onCancel={onDone}
    >
      <TextField
        id={fieldId('name')}
        label={t('printing.name')}
        error={errorText('name')}
        value={values.name}
        placeholder={t('printing.namePlaceholder')}
        onChange={(value) => set('name', value)}
      />

      <Field
        id={fieldId('kind')}
        label={t('printing.kind')}
        error={errorText('kind')}
        hint={t(`printing.kindHints.${values.kind}`)}
        group
        bare
      >
        <Selector
          className={sheetStyles.selector}
          columns={2}
          options={PRINTER_KINDS.map((kind) => ({
            value: kind,
            label: t(`printing.kinds.${kind}`),
          }))}
          value={[values.kind]}
          // The selected option tapped again would clear it: a printer always has a kind.
          onChange={([kind]) => kind && set('kind', kind)}
        />
      </Field>
      {values.kind === 'bluetooth' && !bluetoothSupported() ? (
        <Notice tone="warning" role="note">
          {t('printing.bluetoothUnsupported')}
        </Notice>
      ) : null}
      {values.kind === 'network' && networkOff ? (
        <Notice tone="warning" role="note">
          {t('errors.LAN_PRINTING_OFF')}
        </Notice>
      ) : null}

      <Field
        id={fieldId('paperWidth')}
        label={t('printing.paper')}
        error={errorText('paperWidth')}
        group
        bare
      >
        <Selector
          className={sheetStyles.selector}
          columns={2}
          options={PAPER_WIDTHS.map((width) => ({
            value: width,
            label: t('printing.paperMm', { width }),
          }))}
          value={[values.paperWidth]}
          onChange={([width]) => width && set('paperWidth', width)}
        />
      </Field>

      {values.kind === 'network' ? (
        <>
          <TextField
            id={fieldId('host')}
            label={t('printing.host')}
            error={errorText('host')}
            value={values.host}
            maxLength={253}
            placeholder={t('printing.hostPlaceholder')}
            autoComplete="off"
            inputMode="url"
            onChange={(value) => set('host', value)}
          />
          <TextField
            id={fieldId('port')}
            label={t('printing.port')}
            error={errorText('port')}
            hint={t('printing.portHint', { port: DEFAULT_PRINTER_PORT })}
            value={values.port}
            maxLength={5}
            placeholder={String(DEFAULT_PRINTER_PORT)}
            inputMode="numeric"
            onChange={(value) => set('port', value)}
          />
        </>
      ) : null}

      {values.kind === 'cloud' ? (
        <>
          <TextField
            id={fieldId('mac')}
            label={t('printing.mac')}
            error={errorText('mac')}
            hint={t('printing.macHint')}
            value={values.mac}
            maxLength={32}
            placeholder={t('printing.macPlaceholder')}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            onChange={(value) => set('mac', value)}
          />
          <Notice tone="info" role="note">
            {t('printing.cloudSetupNote')}
          </Notice>
        </>
      ) : null}
    </SheetForm>
  );
}
