import type { SmsPurpose, ValidationFailure } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { isRequestError } from '../../../lib/request';
import { toast } from '../../../lib/toast';
import { useSendSmsCode } from '../api';
import { loadValidation } from '../validation';
import styles from './auth.module.css';

/** 'Send code', then a countdown of the server's `retryAfterSeconds` (60 s) before another send. */
export function SendCodeButton({
  phone,
  purpose,
  onInvalid,
  onError,
}: {
  phone: string;
  purpose: SmsPurpose;
  onInvalid: (failure: ValidationFailure) => void;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const send = useSendSmsCode();
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (until === 0) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= until) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);

  const startCountdown = (wait: number) => {
    const time = Date.now();
    setNow(time);
    setUntil(time + wait * 1000);
  };

  const onClick = async () => {
    let schemas;
    try {
      schemas = await loadValidation();
    } catch (error) {
      onError(error);
      return;
    }
    const { sendSmsCodeRequest, validationFailure } = schemas;
    const parsed = sendSmsCodeRequest.safeParse({ phone, purpose });
    if (!parsed.success) {
      onInvalid(validationFailure(parsed.error));
      return;
    }
    send.mutate(parsed.data, {
      onSuccess: (answer) => {
        toast(t('success.codeSent'), 'success');
        startCountdown(answer.retryAfterSeconds);
      },
      onError: (error) => {
        if (isRequestError(error) && error.retryAfterSeconds) {
          toast(t('messages.sendFailedWait', { seconds: error.retryAfterSeconds }));
          startCountdown(error.retryAfterSeconds);
        } else {
          onError(error);
        }
      },
    });
  };

  return (
    <Button
      className={styles.codeButton}
      size="small"
      color="primary"
      fill="outline"
      disabled={seconds > 0 || send.isPending}
      onClick={onClick}
    >
      {send.isPending
        ? t('auth.sending')
        : seconds > 0
          ? t('auth.resendIn', { seconds })
          : t('auth.sendCode')}
    </Button>
  );
}
