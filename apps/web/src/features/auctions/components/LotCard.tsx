import {
  type BoatSummary,
  DESCRIPTION_MAX_LENGTH,
  type Freshness,
  type Species,
  TEXT_MAX_LENGTH,
} from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import TextArea from 'antd-mobile/es/components/text-area';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../lib/router';
import { PATHS } from '../../../lib/paths';
import { Field } from '../../../lib/ui/Field';
import { Notice } from '../../../lib/ui/Notice';
import { TextField } from '../../../lib/ui/TextField';
import { getText, type LotDraft, type LotField, setText, type TextLotField } from '../lotDraft';
import styles from './form.module.css';
import { PhotoField, VideoField } from './MediaFields';
import { DateTimeField, PickerField } from './PickerField';
import { SpeciesField } from './SpeciesField';

const FRESHNESS: Freshness[] = ['fresh', 'frozen'];

/**
 * Text fields take more than their 140 characters: past the limit the field says so (its own
 * message for the name) instead of the input stopping without a word; this only stops a runaway
 * paste.
 */
const TYPING_CAP = TEXT_MAX_LENGTH * 4;

/** How a field's value changed: typed (told only what more typing cannot mend) or picked. */
export type ChangeKind = 'typing' | 'picking';

interface LotCardProps {
  lot: LotDraft;
  index: number;
  /** How many lots the form has: the last one cannot be removed. */
  count: number;
  boats: UseQueryResult<BoatSummary[]>;
  /** The merchant's recent species, most recent first. */
  recentSpecies: readonly Species[];
  /** The translated error of a field, if any. */
  errorOf: (field: LotField) => string | undefined;
  onChange: (field: LotField, update: (lot: LotDraft) => LotDraft, kind: ChangeKind) => void;
  /** The merchant left a text field: its value is checked now, not only on Publish. */
  onLeave: (field: LotField) => void;
  onDuplicate: () => void;
  onRemove: () => void;
  onBusy: (delta: number) => void;
}

/** One lot of the Create Auction form, its fields in the spec's order (§3). */
export function LotCard({
  lot,
  index,
  count,
  boats,
  recentSpecies,
  errorOf,
  onChange,
  onLeave,
  onDuplicate,
  onRemove,
  onBusy,
}: LotCardProps) {
  const { t } = useTranslation();
  const id = (field: string) => `${lot.key}-${field.replace('.', '-')}`;
  const headingId = id('heading');

  const text = (
    field: TextLotField,
    label: string,
    props: { placeholder?: string; inputMode?: 'decimal'; suffix?: ReactNode } = {},
  ) => (
    <TextField
      id={id(field)}
      label={label}
      error={errorOf(field)}
      value={getText(lot, field)}
      placeholder={props.placeholder}
      inputMode={props.inputMode}
      maxLength={TYPING_CAP}
      onChange={(value) => onChange(field, (current) => setText(current, field, value), 'typing')}
      onBlur={() => onLeave(field)}
    >
      {props.suffix ? <span className={styles.suffix}>{props.suffix}</span> : null}
    </TextField>
  );

  /** A field that takes its whole value at once (not text typed into an input). */
  const set = <F extends LotField & keyof LotDraft>(
    field: F,
    value: LotDraft[F],
    kind: ChangeKind = 'picking',
  ) => onChange(field, (current) => ({ ...current, [field]: value }), kind);

  const media = <F extends 'photos' | 'video'>(field: F) => ({
    id: id(field),
    value: lot[field],
    error: errorOf(field),
    // A new photo clears "Please upload at least 1 photo"; removing one is not judged yet.
    onChange: (value: LotDraft[F]) => set(field, value, 'typing'),
    onBusy,
  });

  // No boat to choose: say why instead of an empty wheel.
  const boatNotice = boats.isError ? (
    <>
      {t('auctionForm.boatsFailed')}{' '}
      <Button size="mini" fill="outline" onClick={() => void boats.refetch()}>
        {t('common.retry')}
      </Button>
    </>
  ) : boats.data?.length === 0 ? (
    <>
      {t('auctionForm.noBoats')} <Link to={PATHS.boats}>{t('auctionForm.addBoat')}</Link>
    </>
  ) : null;

  return (
    <section className={styles.lot} aria-labelledby={headingId}>
      <header className={styles.lotHeader}>
        <h2 id={headingId}>{t('auctionForm.lot', { n: index + 1 })}</h2>
        <div className={styles.lotActions}>
          <Button size="small" fill="none" color="primary" onClick={onDuplicate}>
            {t('auctionForm.duplicateLot')}
          </Button>
          {count > 1 ? (
            <Button size="small" fill="none" color="danger" onClick={onRemove}>
              {t('auctionForm.removeLot')}
            </Button>
          ) : null}
        </div>
      </header>

      {boatNotice ? (
        <Field id={id('boatId')} label={t('auctionForm.boat')} error={errorOf('boatId')} group bare>
          <Notice tone="muted">{boatNotice}</Notice>
        </Field>
      ) : (
        <PickerField
          id={id('boatId')}
          label={t('auctionForm.boat')}
          error={errorOf('boatId')}
          placeholder={boats.isPending ? t('common.loading') : t('auctionForm.choose')}
          disabled={boats.isPending}
          options={(boats.data ?? []).map((boat) => ({
            label: `${boat.boatNumber} · ${boat.ownerName}`,
            value: boat.id,
          }))}
          value={lot.boatId}
          onChange={(boatId) => set('boatId', boatId)}
        />
      )}
      {text('harbor', t('auctionForm.harbor'), { placeholder: t('auctionForm.harborPlaceholder') })}

      <Field
        id={id('freshness')}
        label={t('auctionForm.freshness')}
        error={errorOf('freshness')}
        group
        bare
      >
        <div className={styles.segments}>
          {FRESHNESS.map((value) => (
            <label key={value} className={styles.segment}>
              <input
                type="radio"
                name={id('freshness')}
                value={value}
                checked={lot.freshness === value}
                onChange={() => set('freshness', value)}
              />
              <span>{t(`freshness.${value}`)}</span>
            </label>
          ))}
        </div>
      </Field>

      <DateTimeField
        id={id('landedAt')}
        label={t('auctionForm.landedAt')}
        error={errorOf('landedAt')}
        value={lot.landedAt}
        onChange={(landedAt) => set('landedAt', landedAt)}
      />
      {text('name', t('auctionForm.name'), { placeholder: t('auctionForm.namePlaceholder') })}
      <SpeciesField
        id={id('species')}
        label={t('auctionForm.species')}
        error={errorOf('species')}
        value={lot.species}
        recent={recentSpecies}
        onChange={(species) => set('species', species)}
      />
      {text('quantity', t('auctionForm.quantity'), {
        placeholder: t('auctionForm.quantityPlaceholder'),
        inputMode: 'decimal',
        suffix: 'kg',
      })}
      {text('startPrice', t('auctionForm.startPrice'), {
        placeholder: t('auctionForm.pricePlaceholder'),
        inputMode: 'decimal',
        suffix: t('auctionForm.perKg'),
      })}
      {text('buyoutPrice', t('auctionForm.buyoutPrice'), {
        placeholder: t('auctionForm.buyoutPlaceholder'),
        inputMode: 'decimal',
        suffix: t('auctionForm.perKg'),
      })}

      <Field
        id={id('description')}
        label={t('auctionForm.description')}
        error={errorOf('description')}
      >
        <TextArea
          id={id('description')}
          value={lot.description}
          placeholder={t('auctionForm.descriptionPlaceholder')}
          maxLength={DESCRIPTION_MAX_LENGTH}
          showCount
          autoSize={{ minRows: 2, maxRows: 6 }}
          onChange={(value) => set('description', value, 'typing')}
        />
      </Field>

      <fieldset className={styles.notes}>
        <legend>{t('auctionForm.notes')}</legend>
        {text('notes.size', t('auctionForm.notesSize'), {
          placeholder: t('auctionForm.notesSizePlaceholder'),
        })}
        {text('notes.icing', t('auctionForm.notesIcing'), {
          placeholder: t('auctionForm.notesIcingPlaceholder'),
        })}
        {text('notes.packaging', t('auctionForm.notesPackaging'), {
          placeholder: t('auctionForm.notesPackagingPlaceholder'),
        })}
      </fieldset>

      <PhotoField {...media('photos')} />
      <VideoField {...media('video')} />
    </section>
  );
}
