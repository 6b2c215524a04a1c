import { CloseButton, Combobox, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBellPlus, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { categoryLabel } from '@/entities/product/catalog-enums';
import { useSaveSearch } from '@/entities/saved-search/saved-search';
import { useCurrentUser } from '@/entities/session/session-store';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/notify';
import { recentSearches, rememberSearch } from '@/lib/recent-searches';
import { useSearchSuggestions } from '../api';
import { filtersFromParams, filtersToParams, withSearch, type ProductFilters } from '../filters';

const SHOP = '/marketplace';
/** The combobox value of "Save this search" (never a suggestion's key, which has a kind:). */
const SAVE = 'save-search';

interface Option {
  /** Unique within the list: kind and value. */
  key: string;
  label: string;
  target: string;
  /** What the box shows, and what recent searches remember, once picked. */
  text: string;
}

function shopLink(filters: ProductFilters): string {
  const query = filtersToParams(filters).toString();
  return query ? `${SHOP}?${query}` : SHOP;
}

function searchLink(q: string, current: ProductFilters | null): string {
  const base = current ?? filtersFromParams(new URLSearchParams());
  return shopLink(withSearch(base, q));
}

/**
 * The header's search box on every page: a combobox (ARIA 1.2: the input owns a listbox of
 * suggestions, arrows move, Enter picks, Escape closes) offering recent searches (this browser),
 * matching brands, categories and catalog words. Enter searches /marketplace?q=…; on the shop
 * the other filters are kept and the box shows the query from the URL. For a signed-in member
 * with words in the box, the last option is "Save this search": it saves the words as a saved
 * search (issue 38 item 3) and stays on the page.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const onShop = pathname === SHOP;
  const current = onShop ? filtersFromParams(params) : null;
  const urlQ = current?.q ?? '';
  const [text, setText] = useState(urlQ);
  // A new query in the URL (Back, a link) replaces what is typed.
  const [shownQ, setShownQ] = useState(urlQ);
  if (shownQ !== urlQ) {
    setShownQ(urlQ);
    setText(urlQ);
  }
  const [debounced] = useDebouncedValue(text.trim(), 150);
  const suggestions = useSearchSuggestions(debounced);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const signedIn = useCurrentUser() != null;
  const save = useSaveSearch();
  const canSave = signedIn && text.trim() !== '';

  const typed = text.trim().toLowerCase();
  const found = debounced ? suggestions.data : undefined;
  const groups: { label: string; options: Option[] }[] = [
    {
      label: 'Recent searches',
      options: recentSearches()
        .filter((item) => item.toLowerCase().includes(typed) && item.toLowerCase() !== typed)
        .slice(0, typed ? 3 : 5)
        .map((item) => ({
          key: `recent:${item}`,
          label: item,
          text: item,
          target: searchLink(item, current),
        })),
    },
    {
      label: 'Brands',
      options: (found?.brands ?? []).map((brand) => ({
        key: `brand:${brand.value}`,
        label: brand.value,
        text: '',
        target: shopLink({
          ...filtersFromParams(new URLSearchParams()),
          brands: [brand.value.toLowerCase()],
        }),
      })),
    },
    {
      label: 'Categories',
      options: (found?.categories ?? []).map((category) => ({
        key: `category:${category}`,
        label: categoryLabel(category),
        text: '',
        target: shopLink({ ...filtersFromParams(new URLSearchParams()), categories: [category] }),
      })),
    },
    {
      label: 'Search for',
      options: (found?.words ?? []).map((words) => ({
        key: `words:${words}`,
        label: words,
        text: words,
        target: searchLink(words, current),
      })),
    },
  ].filter((group) => group.options.length > 0);
  const byKey = new Map(groups.flatMap((group) => group.options).map((option) => [option.key, option]));

  function go(target: string, remembered: string) {
    if (remembered) rememberSearch(remembered);
    combobox.closeDropdown();
    navigate(target);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = text.trim();
    go(
      q ? searchLink(q, current) : shopLink(current ? withSearch(current, '') : filtersFromParams(params)),
      q,
    );
  }

  function saveSearch() {
    const q = text.trim();
    combobox.closeDropdown();
    save.mutate(
      { query: { q } },
      {
        onSuccess: ({ search, created }) =>
          created
            ? notifySuccess('Search saved', `We'll tell you about new matches for “${search.name}”.`)
            : notifyInfo('Already saved', `“${search.name}” is already in your saved searches.`),
        onError: (error) => notifyError(errorMessage(error, 'Could not save this search. Please try again.')),
      },
    );
  }

  function pick(key: string) {
    if (key === SAVE) {
      saveSearch();
      return;
    }
    const option = byKey.get(key);
    if (!option) return;
    setText(option.text);
    go(option.target, option.text);
  }

  return (
    <form
      role="search"
      aria-label="Site search"
      onSubmit={submit}
      style={{ flex: 1, minWidth: 0, maxWidth: 560 }}
    >
      {/* The list mounts when it opens: Mantine keeps a combobox's dropdown in the page by
          default, and placing that hidden dropdown forced a style and layout pass in every
          page's first commit (about 80 ms on Lighthouse's 4x slower phone). */}
      <Combobox
        store={combobox}
        onOptionSubmit={pick}
        position="bottom-start"
        zIndex={300}
        keepMounted={false}
      >
        <Combobox.Target withExpandedAttribute>
          <TextInput
            aria-label="Search listings"
            placeholder="Search items, brands or styles"
            value={text}
            autoComplete="off"
            onChange={(event) => {
              setText(event.currentTarget.value);
              combobox.openDropdown();
              combobox.resetSelectedOption();
            }}
            onFocus={() => combobox.openDropdown()}
            onClick={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              text ? (
                <CloseButton
                  aria-label="Clear search"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => setText('')}
                />
              ) : null
            }
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={groups.length === 0 && !canSave}>
          <Combobox.Options aria-label="Search suggestions">
            {groups.map((group) => (
              <Combobox.Group key={group.label} label={group.label}>
                {group.options.map((option) => (
                  <Combobox.Option key={option.key} value={option.key}>
                    {option.label}
                  </Combobox.Option>
                ))}
              </Combobox.Group>
            ))}
            {canSave ? (
              <Combobox.Option
                value={SAVE}
                disabled={save.isPending}
                aria-label={`Save this search: ${text.trim()}`}
              >
                <IconBellPlus size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 6 }} />
                Save this search
              </Combobox.Option>
            ) : null}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </form>
  );
}
