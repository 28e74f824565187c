import Button from 'antd-mobile/es/components/button';
import type { FormEvent, ReactNode } from 'react';
import styles from './auth.module.css';

/** The layout the auth forms share: a heading, the card of fields with the submit button, links. */
export function AuthFormFrame({
  form,
  heading,
  hint,
  submitLabel,
  links,
  notice,
  children,
}: {
  form: {
    formProps: { onSubmit: (event: FormEvent) => void; onFocus: () => void; noValidate: boolean };
    pending: boolean;
  };
  heading: string;
  hint: string;
  submitLabel: string;
  links: ReactNode;
  /** Above the heading, for what the merchant must read first. */
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form className={styles.screen} {...form.formProps}>
      {notice}
      <div className={styles.hero}>
        <h2>{heading}</h2>
        <p>{hint}</p>
      </div>
      <div className={styles.card}>
        {children}
        <Button
          className={styles.submit}
          type="submit"
          color="primary"
          size="large"
          block
          loading={form.pending}
        >
          {submitLabel}
        </Button>
      </div>
      <div className={styles.links}>{links}</div>
    </form>
  );
}
