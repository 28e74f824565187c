import SearchBar from 'antd-mobile/es/components/search-bar';
import { useEffect, useEffectEvent, useState } from 'react';

/** How long typing pauses before it searches. */
const SEARCH_DELAY_MS = 300;

/**
 * A search box over a search that lives elsewhere (the page's URL): typing searches after a
 * pause, Enter or clearing at once. `onSearch` gets the trimmed text.
 */
export function SearchField({
  value,
  onSearch,
  placeholder,
  className,
}: {
  /** The search in force. */
  value: string;
  onSearch: (q: string) => void;
  placeholder: string;
  className?: string;
}) {
  const [typed, setTyped] = useState(value);
  const search = useEffectEvent((q: string) => onSearch(q));

  useEffect(() => {
    if (typed.trim() === value) return;
    const timer = setTimeout(() => search(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, value]);

  return (
    <SearchBar
      className={className}
      placeholder={placeholder}
      value={typed}
      onChange={setTyped}
      onSearch={(text) => onSearch(text.trim())}
      onClear={() => onSearch('')}
    />
  );
}
