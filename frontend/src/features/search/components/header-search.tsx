/**
 * The header's search box: 'Search albums, tracks, artists...', submitting the trimmed, non-empty text to
 * /search/{query}. From 2 characters it suggests albums, tracks and artists (300 ms after the last key),
 * as an ARIA combobox: arrows move through the list, Enter opens the one chosen, Escape closes the list.
 * On phones it folds into an icon that opens the box under the header.
 */
import { Disc3, Music2, Search, UserRound, X } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { cx } from '../../../lib/class-names';
import { Artwork } from '../../../ui/artwork';
import { IconButton } from '../../../ui/button';
import { useSuggestions, wantsSuggestions } from '../api/get-search';
import { suggestionPath, type Suggestion } from '../api/search-schema';
import { moveActive } from '../suggestion-navigation';
import { useDebouncedValue } from '../use-debounced-value';

export const SEARCH_PLACEHOLDER = 'Search albums, tracks, artists...';

/** Where a search for `text` goes, or null when there is nothing to search for. */
export function searchPath(text: string): string | null {
  const query = text.trim();
  return query ? `/search/${encodeURIComponent(query)}` : null;
}

const typeIcons = { album: Disc3, track: Music2, artist: UserRound } as const;
const typeLabels = { album: 'Album', track: 'Song', artist: 'Artist' } as const;

type Option = { kind: 'suggestion'; suggestion: Suggestion } | { kind: 'search'; text: string };

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

  const showList = listOpen && wantsSuggestions(text) && suggestions.data !== undefined;
  const options: Option[] = showList
    ? [...(suggestions.data ?? []).map((suggestion): Option => ({ kind: 'suggestion', suggestion })), { kind: 'search', text: text.trim() }]
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

  const choose = (option: Option) =>
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
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-zinc-400" />
          <input
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
          />
          <ul
            id={listId}
            role="listbox"
            aria-label="Suggestions"
            data-testid="search-suggestions"
            hidden={!showList}
            className="absolute inset-x-0 top-full z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-xl border border-white/10 bg-zinc-900 p-1 shadow-2xl"
          >
            {options.map((option, index) => (
              <li
                key={option.kind === 'search' ? 'search' : `${option.suggestion.type}:${option.suggestion.id}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                data-testid="search-suggestion"
                data-type={option.kind === 'search' ? 'search' : option.suggestion.type}
                // Keep the focus in the box, so choosing with the mouse does not close the list first.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(option)}
                className={cx('flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 text-sm', index === active ? 'bg-white/10' : 'hover:bg-white/5')}
              >
                {option.kind === 'search' ? (
                  <>
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-white/5">
                      <Search aria-hidden="true" className="size-4 text-zinc-300" />
                    </span>
                    <span className="truncate text-zinc-100">
                      Search for “<span className="font-semibold">{option.text}</span>”
                    </span>
                  </>
                ) : (
                  <SuggestionRow suggestion={option.suggestion} />
                )}
              </li>
            ))}
          </ul>
        </div>
      </form>
    </>
  );
}

function SuggestionRow({ suggestion }: { suggestion: Suggestion }) {
  const Icon = typeIcons[suggestion.type];
  return (
    <>
      {suggestion.artwork ? (
        <Artwork src={suggestion.artwork} alt="" size={36} kind={suggestion.type === 'artist' ? 'artist' : 'album'} className="w-9 shrink-0" />
      ) : (
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-white/5">
          <Icon aria-hidden="true" className="size-4 text-zinc-300" />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-zinc-50">{suggestion.title}</span>
        <span className="block truncate text-xs text-zinc-300">
          {typeLabels[suggestion.type]}
          {suggestion.subtitle && suggestion.type !== 'artist' ? ` · ${suggestion.subtitle}` : ''}
        </span>
      </span>
    </>
  );
}
