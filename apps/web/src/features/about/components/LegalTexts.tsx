import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { PageMessage } from '../../../lib/ui/PageMessage';
import { type LegalTexts as Texts, legalTextsQueryOptions } from '../legal';

/**
 * Renders `children` with the legal texts of the current language, loading them first. On a
 * language change the old texts stay until the new ones arrive.
 */
export function LegalTexts({ children }: { children: (texts: Texts) => ReactNode }) {
  // Re-renders on a language change.
  const { t, locale } = useTranslation();
  const texts = useQuery({
    ...legalTextsQueryOptions(locale),
    placeholderData: keepPreviousData,
  });
  if (texts.isPending) return <PageMessage loading title={t('common.loading')} />;
  if (texts.isError) {
    return (
      <PageMessage
        title={t('page.loadFailed')}
        description={t('page.loadFailedHint')}
        action={t('common.retry')}
        onAction={() => void texts.refetch()}
      />
    );
  }
  return children(texts.data);
}
