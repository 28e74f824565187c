import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { type TranslationKey, useTranslation } from '../i18n';

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/**
 * A text whose `<name>…</name>` parts become the given elements with those words inside: a link
 * within a sentence, where each language puts it.
 */
export function Trans({
  i18nKey,
  components,
}: {
  i18nKey: TranslationKey;
  components: Record<string, ReactElement<{ children?: ReactNode }>>;
}) {
  const { t } = useTranslation();
  const text = t(i18nKey);
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = '', inner] = match;
    parts.push(text.slice(from, match.index));
    const element = components[name];
    parts.push(element ? cloneElement(element, { key: match.index }, inner) : inner);
    from = match.index + whole.length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}
