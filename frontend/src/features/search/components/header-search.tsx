/**
 * The header's search box: 'Search albums, tracks, artists...', submitting the trimmed, non-empty text to
 * /search/{query}. From 2 characters it suggests albums, tracks and artists (300 ms after the last key),
 * as an ARIA combobox: arrows move through the list, Enter opens the one chosen, Escape closes the list.
 * On phones it folds into an icon that opens the box under the header. The list's rows are fetched on the
 * first focus (suggestion-options.tsx); the box takes every key from the start.
 */
import { Search, X } from 'lucide-react';
import { useEffect, useId, useState, type ComponentType, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { cx } from '../../../lib/class-names';
import { IconButton } from '../../../ui/button';
import { IconInput } from '../../../ui/icon-input';
import { suggestionPath, useSuggestions, wantsSuggestions } from '../api/get-suggestions';
import { moveActive } from '../suggestion-navigation';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { SearchOption, SuggestionOptionsProps } from './suggestion-options';

export const SEARCH_PLACEHOLDER = 'Search albums, tracks, artists...';

/** Where a search for `text` goes, or null when there is nothing to search for. */
export function searchPath(text: string): string | null {
  const query = text.trim();
  return query ? `/search/${encodeURIComponent(query)}` : null;
}

/** The list's rows, once their code is here: fetched when `wanted`, and fetched again on the next focus if that failed. */
function useSuggestionOptions(wanted: boolean): ComponentType<SuggestionOptionsProps> | null {
  const [Options, setOptions] = useState<ComponentType<SuggestionOptionsProps> | null>(null);
  useEffect(() => {
    if (!wanted || Options) return;
    let current = true;
    import('./suggestion-options')
      .then((module) => current && setOptions(() => module.SuggestionOptions))
      // Offline: the box still searches on Enter; the list comes once its code can be fetched.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [wanted, Options]);
  return Options;
}

export function HeaderSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [openOnPhone, setOpenOnPhone] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputId = useId();
  const listId = useId();
  const debounced = useDebouncedValue(text);
  const suggestions = useSuggestions(listOpen ? debounced : '');
  const SuggestionOptions = useSuggestionOptions(listOpen);

  const showList = listOpen && wantsSuggestions(text) && suggestions.data !== undefined && SuggestionOptions !== null;
  const options: SearchOption[] = showList
    ? [
        ...(suggestions.data ?? []).map((suggestion): SearchOption => ({ kind: 'suggestion', suggestion })),
        { kind: 'search', text: text.trim() },
      ]
    : [];
  const optionId = (index: number) => `${listId}-option-${index}`;

  const close = () => {
    setListOpen(false);
    setActive(-1);
  };

  const go = (path: string | null, keepText: boolean) => {
    if (!path) return;
    close();
    setOpenOnPhone(false);
    if (!keepText) setText('');
    void navigate(path);
  };

  const choose = (option: SearchOption) =>
    option.kind === 'search' ? go(searchPath(option.text), true) : go(suggestionPath(option.suggestion), false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = active >= 0 ? options[active] : undefined;
    if (chosen) choose(chosen);
    else go(searchPath(text), true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setListOpen(true);
      setActive((now) => moveActive(now, event.key === 'ArrowDown' ? 1 : -1, options.length));
    } else if (event.key === 'Escape') {
      if (showList) {
        event.preventDefault();
        close();
      } else if (text) {
        setText('');
      }
    }
  };

  return (
    <>
      <IconButton label="Search" className="md:hidden" aria-expanded={openOnPhone} onClick={() => setOpenOnPhone((open) => !open)}>
        {openOnPhone ? <X aria-hidden="true" className="size-5" /> : <Search aria-hidden="true" className="size-5" />}
      </IconButton>
      <form
        role="search"
        onSubmit={submit}
        data-testid="header-search"
        className={cx(
          'max-md:absolute max-md:inset-x-0 max-md:top-full max-md:border-b max-md:border-white/10 max-md:bg-zinc-950 max-md:p-3',
          !openOnPhone && 'max-md:hidden',
          'md:w-full md:max-w-md',
        )}
      >
        <label htmlFor={inputId} className="sr-only">
          Search
        </label>
        <IconInput
          icon={Search}
          id={inputId}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setListOpen(true);
            setActive(-1);
          }}
          onFocus={() => setListOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
          placeholder={SEARCH_PLACEHOLDER}
          autoComplete="off"
          enterKeyHint="search"
          className="h-10 w-full rounded-full border border-white/10 bg-white/5 pl-9 pr-4 text-sm text-zinc-50 placeholder:text-zinc-400 focus:border-accent focus:outline-none"
        >
          <ul
            id={listId}
            role="listbox"
            aria-label="Suggestions"
            data-testid="search-suggestions"
            hidden={!showList}
            className="absolute inset-x-0 top-full z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-xl border border-white/10 bg-zinc-900 p-1 shadow-2xl"
          >
            {SuggestionOptions && (
              // eslint-disable-next-line react-hooks/static-components -- the lazily loaded module's export: one function, loaded once, never made in render
              <SuggestionOptions options={options} active={active} optionId={optionId} onActive={setActive} onChoose={choose} />
            )}
          </ul>
        </IconInput>
      </form>
    </>
  );
}
