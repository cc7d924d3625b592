import { ActionIcon, Button, Group, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useAuth } from '../lib/auth-store.ts';
import { clampPerPage, defaultPageWindowSize, pageWindow } from './page-window.ts';

/** The paginator fields of spec 1 §3.5 that the widget reads. */
export interface PaginationMeta {
  total: number;
  current_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  last_page: number;
}

interface PaginationProps {
  meta: PaginationMeta;
  onPageChange: (page: number) => void;
  /** Without it the page-length input is not shown. */
  onPerPageChange?: (perPage: number) => void;
  /** Page numbers shown at once: 5 by default, 3 where the spec says so (accounts, employees, sessions). */
  windowSize?: 3 | 5;
  /** What the rows are, for the summary and the labels ("users"). */
  itemLabel?: string;
}

/**
 * Spec 1 §2.4: page-length input (1 to 500, default 50) and a window of page numbers with first/previous/next/last.
 * With the user's pagination_scroll setting, changing the page scrolls back to the top.
 */
export function Pagination({
  meta,
  onPageChange,
  onPerPageChange,
  windowSize = defaultPageWindowSize,
  itemLabel = 'rows',
}: PaginationProps) {
  const last = Math.max(1, meta.last_page);
  const current = Math.min(Math.max(1, meta.current_page), last);
  const pages = pageWindow(current, last, windowSize);
  const scrollToTop = useAuth((s) => s.user?.settings?.pagination_scroll ?? false);
  const go = (page: number) => {
    if (page === current || page < 1 || page > last) return;
    onPageChange(page);
    // Spec 1 §3.2 pagination_scroll: the new page is read from its first row.
    if (scrollToTop) window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <Group justify="space-between" gap="sm" mt="md" wrap="wrap">
      <Group gap="sm" wrap="nowrap">
        {onPerPageChange ? <PerPageInput value={meta.per_page} onChange={onPerPageChange} /> : null}
        <Text size="sm" c="dimmed" aria-live="polite">
          {meta.total === 0 || meta.from === null
            ? `No ${itemLabel}`
            : `Showing ${meta.from} to ${meta.to ?? meta.from} of ${meta.total} ${itemLabel}`}
        </Text>
      </Group>
      {last > 1 ? (
        <Group gap={4} component="nav" aria-label="Pagination" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="md"
            aria-label="First page"
            disabled={current === 1}
            onClick={() => go(1)}
          >
            <IconChevronsLeft size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="md"
            aria-label="Previous page"
            disabled={current === 1}
            onClick={() => go(current - 1)}
          >
            <IconChevronLeft size={16} aria-hidden />
          </ActionIcon>
          {pages.map((page) => (
            <Button
              key={page}
              size="compact-sm"
              miw={30}
              variant={page === current ? 'filled' : 'default'}
              aria-label={`Page ${page}`}
              aria-current={page === current ? 'page' : undefined}
              onClick={() => go(page)}
            >
              {page}
            </Button>
          ))}
          <ActionIcon
            variant="default"
            size="md"
            aria-label="Next page"
            disabled={current === last}
            onClick={() => go(current + 1)}
          >
            <IconChevronRight size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="md"
            aria-label="Last page"
            disabled={current === last}
            onClick={() => go(last)}
          >
            <IconChevronsRight size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ) : null}
    </Group>
  );
}

/**
 * The page length, applied on Enter or when the field is left; out-of-range values are brought back into 1..500, and
 * the arrow keys step it. A text field taking digits, not Mantine's NumberInput: that one brings react-number-format
 * (about 10 kB gzipped) to every list page for a field of three digits (decision 0063).
 */
function PerPageInput({ value, onChange }: { value: number; onChange: (perPage: number) => void }) {
  const [draft, setDraft] = useState(String(value));
  const [shown, setShown] = useState(value);
  // A new page length from outside (the answer of the server) replaces what was typed.
  if (shown !== value) {
    setShown(value);
    setDraft(String(value));
  }
  const commit = (text = draft) => {
    const next = clampPerPage(text === '' ? value : text);
    setDraft(String(next));
    if (next !== value) onChange(next);
  };
  return (
    <TextInput
      aria-label="Rows per page"
      size="xs"
      w={84}
      inputMode="numeric"
      autoComplete="off"
      value={draft}
      onChange={(event) => setDraft(event.currentTarget.value.replace(/\D/g, '').slice(0, 3))}
      onBlur={() => commit()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
          event.preventDefault();
          const current = draft === '' ? value : Number(draft);
          setDraft(String(clampPerPage(current + (event.key === 'ArrowUp' ? 1 : -1))));
        }
      }}
    />
  );
}
