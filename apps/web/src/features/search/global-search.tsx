import { ActionIcon, Box, Kbd, Loader, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useWindowEvent } from '@mantine/hooks';
import { isSearchableQuery, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '@switchboard/shared';
import { IconSearch } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Popover, ScrollArea, Tooltip } from '../../components/deferred-overlays.tsx';
import { useGlobalSearch } from './api/search.ts';
import classes from './global-search.module.css';
import { groupSearchResults } from './search-results.ts';

/** Whether a key press happened while typing somewhere, where '/' is just a character. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.getAttribute('role') === 'textbox';
}

/** What the box searches, in its label and hint: a client account finds only its company's tickets (decision 0034). */
const scopeTexts = {
  staff: {
    label: 'Search tickets, companies, accounts, devices and employees',
    kinds: 'tickets, companies, accounts, devices and employees',
  },
  client: { label: 'Search your tickets', kinds: 'your tickets' },
} as const;

/**
 * Issue 4 part 5, issue 15 part 4: the search toggle opens one box; '/' opens and focuses it when not typing in a
 * field; Escape clears the query, and closes the box when it is already empty.
 */
export function GlobalSearch({ scope = 'staff' }: { scope?: keyof typeof scopeTexts }) {
  const [opened, setOpened] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const listId = useId();
  const search = useGlobalSearch(debounced);

  useWindowEvent('keydown', (event) => {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
    event.preventDefault();
    setOpened(true);
    // The box may be mounting now: focus once it is there.
    requestAnimationFrame(() => inputRef.current?.focus());
  });

  // The live query counts too, so results leave at once when the query is cleared, not after the debounce.
  const tooShort = !isSearchableQuery(debounced) || !isSearchableQuery(query.trim());
  const groups = !tooShort && search.data ? groupSearchResults(search.data) : [];
  const items = groups.flatMap((group) => group.items);
  const activeIndex = Math.min(active, Math.max(0, items.length - 1));

  const close = () => setOpened(false);
  const open = (to: string) => {
    close();
    setQuery('');
    void navigate(to);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      if (query === '') close();
      setQuery('');
      setActive(0);
    } else if (event.key === 'ArrowDown' && items.length > 0) {
      event.preventDefault();
      setActive((activeIndex + 1) % items.length);
    } else if (event.key === 'ArrowUp' && items.length > 0) {
      event.preventDefault();
      setActive((activeIndex - 1 + items.length) % items.length);
    } else if (event.key === 'Enter' && items[activeIndex]) {
      event.preventDefault();
      open(items[activeIndex].to);
    }
  };

  let status: string | null = null;
  if (!isSearchableQuery(query.trim()))
    status = `Type at least ${SEARCH_MIN_LENGTH} characters to search ${scopeTexts[scope].kinds}.`;
  else if (search.isError && !tooShort) status = 'An error occured.';
  else if (!tooShort && search.data && items.length === 0 && !search.isPlaceholderData)
    status = `No results for "${debounced}".`;

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={460}
      shadow="md"
      trapFocus={false}
      returnFocus
      closeOnEscape={false}
    >
      <Popover.Target>
        <Tooltip
          label={
            <>
              Search <Kbd size="xs">/</Kbd>
            </>
          }
          openDelay={400}
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Search"
            aria-expanded={opened}
            onClick={() => setOpened((value) => !value)}
          >
            <IconSearch size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <TextInput
          ref={inputRef}
          data-autofocus
          autoFocus
          aria-label={scopeTexts[scope].label}
          placeholder="Search…"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={search.isFetching && !tooShort ? <Loader size={14} aria-label="Searching" /> : null}
          value={query}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={items[activeIndex] ? `${listId}-${items[activeIndex].key}` : undefined}
        />
        {status ? (
          <Text size="sm" c="dimmed" mt="xs" px={4} role="status">
            {status}
          </Text>
        ) : null}
        <ScrollArea.Autosize mah={400} type="auto" mt={items.length > 0 ? 'xs' : 0}>
          <Box id={listId} role="listbox" aria-label="Search results">
            {groups.map((group) => (
              <Box key={group.kind} role="group" aria-label={group.title} mb={4}>
                <Text className={classes.groupTitle}>{group.title}</Text>
                {group.items.map((item) => {
                  const index = items.indexOf(item);
                  return (
                    <UnstyledButton
                      key={item.key}
                      id={`${listId}-${item.key}`}
                      role="option"
                      aria-selected={index === activeIndex}
                      data-active={index === activeIndex || undefined}
                      className={classes.option}
                      onMouseEnter={() => setActive(index)}
                      onClick={() => open(item.to)}
                      tabIndex={-1}
                    >
                      <Text size="sm" fw={500} truncate>
                        {item.label}
                      </Text>
                      {item.detail ? (
                        <Text size="xs" c="dimmed" truncate>
                          {item.detail}
                        </Text>
                      ) : null}
                    </UnstyledButton>
                  );
                })}
              </Box>
            ))}
          </Box>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
