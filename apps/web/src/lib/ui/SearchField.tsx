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
  const [given, setGiven] = useState(value);
  // The search changed from outside (Back or Forward moved the URL): show it, instead of the
  // pause below searching the old text again and undoing the move.
  if (value !== given) {
    setGiven(value);
    if (typed.trim() !== value) setTyped(value);
  }
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
