import { TAX_FIELDS } from '@sm/contract';
import type { TFunction } from './i18n';

const known: ReadonlySet<string> = new Set(TAX_FIELDS);

/**
 * The store's tax fields an e-invoice still waits for, named in the merchant's language and in
 * the form's order: "TIN, MSIC code, address". The Store page, the Tax details page and an
 * order's e-invoice say it; a field this build does not know (a newer server's) is named as the
 * server calls it rather than left out, so the list never claims less than is missing.
 */
export function missingFieldNames(missing: readonly string[], t: TFunction): string {
  const named = TAX_FIELDS.filter((field) => missing.includes(field)).map((field) =>
    t(`taxDetails.fields.${field}`),
  );
  const others = [...new Set(missing.filter((field) => !known.has(field)))];
  return [...named, ...others].join(t('taxDetails.listSeparator'));
}
