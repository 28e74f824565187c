import type { SmsPurpose } from '@sm/contract';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { TextField } from '../../../lib/ui/TextField';
import { SendCodeButton } from './SendCodeButton';
import type { FieldBinding, FormFeedback } from './useContractForm';

/** The 6-digit SMS code with its send button, which sends to the form's phone. */
export function CodeField({
  id,
  field,
  phone,
  purpose,
  feedback,
}: {
  id: string;
  field: FieldBinding;
  phone: string;
  purpose: SmsPurpose;
  feedback: FormFeedback;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      id={id}
      label={t('auth.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={t('auth.codePlaceholder')}
      {...field}
    >
      <SendCodeButton
        phone={phone}
        purpose={purpose}
        onInvalid={feedback.showFailure}
        onError={(error) =>
          feedback.showRequestError(error, (reason) =>
            toast(t('messages.sendFailedReason', { reason })),
          )
        }
      />
    </TextField>
  );
}
