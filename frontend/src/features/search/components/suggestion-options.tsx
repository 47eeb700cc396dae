/**
 * The rows of the header search's suggestion list: each suggestion (artwork or type icon, title, type and
 * artist) and, last, "Search for “…”". Fetched the first time the search box is focused, so the first page
 * does not carry it; the box itself, its keys and its state stay in header-search.tsx.
 */
import { Disc3, Music2, Search, UserRound } from 'lucide-react';
import { cx } from '../../../lib/class-names';
import { Artwork } from '../../../ui/artwork';
import type { Suggestion } from '#contract/search.js';

export type SearchOption = { kind: 'suggestion'; suggestion: Suggestion } | { kind: 'search'; text: string };

const typeIcons = { album: Disc3, track: Music2, artist: UserRound } as const;
const typeLabels = { album: 'Album', track: 'Song', artist: 'Artist' } as const;

export interface SuggestionOptionsProps {
  options: SearchOption[];
  active: number;
  optionId: (index: number) => string;
  onActive: (index: number) => void;
  onChoose: (option: SearchOption) => void;
}

export function SuggestionOptions({ options, active, optionId, onActive, onChoose }: SuggestionOptionsProps) {
  return options.map((option, index) => (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- a combobox option: the keys are the input's (aria-activedescendant), the option never has focus
    <li
      key={option.kind === 'search' ? 'search' : `${option.suggestion.type}:${option.suggestion.id}`}
      id={optionId(index)}
      role="option"
      aria-selected={index === active}
      data-testid="search-suggestion"
      data-type={option.kind === 'search' ? 'search' : option.suggestion.type}
      // Keep the focus in the box, so choosing with the mouse does not close the list first.
      onMouseDown={(event) => event.preventDefault()}
      onMouseEnter={() => onActive(index)}
      onClick={() => onChoose(option)}
      className={cx(
        'flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 text-sm',
        index === active ? 'bg-white/10' : 'hover:bg-white/5',
      )}
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
  ));
}

function SuggestionRow({ suggestion }: { suggestion: Suggestion }) {
  const Icon = typeIcons[suggestion.type];
  return (
    <>
      {suggestion.artwork ? (
        <Artwork
          src={suggestion.artwork}
          alt=""
          size={36}
          kind={suggestion.type === 'artist' ? 'artist' : 'album'}
          className="w-9 shrink-0"
        />
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
