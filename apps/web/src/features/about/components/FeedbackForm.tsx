import { FEEDBACK_CATEGORIES, FEEDBACK_MESSAGE_MAX_LENGTH } from '@sm/contract';
import Selector from 'antd-mobile/es/components/selector';
import TextArea from 'antd-mobile/es/components/text-area';
import { useQuery } from '@tanstack/react-query';
import { currentLocale, useTranslation } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/datetime';
import { useFieldForm } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { Field } from '../../../lib/ui/Field';
import { SheetForm, sheetStyles } from '../../../lib/ui/SheetForm';
import { TextField } from '../../../lib/ui/TextField';
import { recentFeedbackQueryOptions, useSendFeedback } from '../api';
import { checkFeedback, EMPTY_FEEDBACK, FEEDBACK_FIELDS } from '../feedbackForm';
import { appVersionLabel } from '../../../lib/appUpdate';
import styles from './about.module.css';

/** What the merchant sent before: a line each, so they see that it arrived. */
function RecentFeedback() {
  const { t } = useTranslation();
  const recent = useQuery(recentFeedbackQueryOptions());
  if (!recent.data?.length) return null;
  return (
    <section className={styles.recent} aria-label={t('about.feedback.recent')}>
      <h3>{t('about.feedback.recent')}</h3>
      <ul>
        {recent.data.map((item) => (
          <li key={item.id}>
            <span className={styles.recentMeta}>
              {t(`about.feedback.categories.${item.category}`)} · {formatDateTime(item.createdAt)}
            </span>
            <span className={styles.recentText}>{item.message}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Feedback to the marketplace: a topic, a message and a way to answer; checked by the contract. */
export default function FeedbackForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const send = useSendFeedback();
  const form = useFieldForm(EMPTY_FEEDBACK, FEEDBACK_FIELDS, {
    requiredText: () => t('about.feedback.messageRequired'),
  });
  const { values, set, fieldId, errorText } = form;

  const submit = () => {
    const input = form.check((typed) =>
      checkFeedback(typed, { version: appVersionLabel(), locale: currentLocale() }),
    );
    if (input === null) return;
    send.mutate(input, {
      onSuccess: () => {
        toast(t('about.feedback.submitted'), 'success');
        onDone();
      },
      onError: form.showSaveError,
    });
  };

  return (
    <SheetForm
      className={styles.sheet}
      title={t('about.feedback.title')}
      submitText={t('about.feedback.submit')}
      saving={send.isPending}
      onSubmit={submit}
      onCancel={onDone}
      after={<RecentFeedback />}
    >
      <p className={styles.muted}>{t('about.feedback.intro')}</p>

      <Field
        id={fieldId('category')}
        label={t('about.feedback.category')}
        error={errorText('category')}
        group
        bare
      >
        <Selector
          className={sheetStyles.selector}
          columns={2}
          options={FEEDBACK_CATEGORIES.map((category) => ({
            value: category,
            label: t(`about.feedback.categories.${category}`),
          }))}
          value={values.category ? [values.category] : []}
          onChange={([category]) => set('category', category ?? '')}
        />
      </Field>

      <Field
        id={fieldId('message')}
        label={t('about.feedback.message')}
        error={errorText('message')}
      >
        <TextArea
          id={fieldId('message')}
          value={values.message}
          placeholder={t('about.feedback.messagePlaceholder')}
          maxLength={FEEDBACK_MESSAGE_MAX_LENGTH}
          showCount
          autoSize={{ minRows: 4, maxRows: 8 }}
          onChange={(value) => set('message', value)}
        />
      </Field>

      <TextField
        id={fieldId('contact')}
        label={t('about.feedback.contact')}
        error={errorText('contact')}
        hint={t('about.feedback.contactHint')}
        value={values.contact}
        placeholder={t('about.feedback.contactPlaceholder')}
        autoComplete="email"
        onChange={(value) => set('contact', value)}
      />
    </SheetForm>
  );
}
