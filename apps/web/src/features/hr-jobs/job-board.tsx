import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Alert, Badge, Group, Paper, Rating, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { hrInterviewKindLabels, type HrBoard, type HrBoardCard } from '@switchboard/shared/hr/jobs';
import { IconChevronLeft, IconChevronRight, IconGripVertical } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { usePresence } from '../../lib/socket.ts';
import { hrJobChannel } from '@switchboard/shared';
import { useBoard } from './api/jobs.ts';
import { dropTarget } from './board-state.ts';
import { JobHeader } from './job-header.tsx';
import { useMoveFlow } from './move-flow.tsx';

// /hr/jobs/board/{id} (designs/hr.md §5): the active steps as columns, Hired and Rejected folded at the end. Cards are
// dragged by their grip with the mouse, a finger or the keyboard (space lifts, arrows move, space drops), each step
// announced to screen readers; the board follows hr_job_{id}, so every open board sees a move at once.

type Column = HrBoard['columns'][number];
const cardId = (id: number) => `card-${id}`;
const columnId = (id: number) => `step-${id}`;
type DropData = { type: 'card'; applicantId: number } | { type: 'column'; stepId: number };

/** "Mon, Dec 2, 10:00": an interview's start in the reader's zone. */
export const interviewTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });

export function JobBoard({ jobId }: { jobId: number }) {
  const board = useBoard(jobId);
  const viewers = usePresence(hrJobChannel(jobId));
  if (board.isPending) return <PageLoader label="Loading board" />;
  if (board.isError) return <Alert color="red">An error occured.</Alert>;
  return (
    <Stack gap="md">
      <JobHeader job={board.data.job} view="board" viewers={viewers} />
      <Board board={board.data} />
    </Stack>
  );
}

function Board({ board }: { board: HrBoard }) {
  const [, setParams] = useSearchParams();
  const steps = useMemo(() => board.columns.map((column) => column.step), [board.columns]);
  const flow = useMoveFlow(board.job.id, board.job.title, steps);
  const [unfolded, setUnfolded] = useState<ReadonlySet<number>>(new Set());
  const [dragging, setDragging] = useState<HrBoardCard | null>(null);
  const sensors = useSensors(
    // A few pixels of travel (or a held finger) before a drag starts, so taps and clicks stay clicks.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const cards = useMemo(
    () => new Map(board.columns.flatMap((column) => column.cards.map((card) => [card.id, card]))),
    [board.columns],
  );
  const stepName = (stepId: number) => board.columns.find((column) => column.step.id === stepId)?.step.name ?? '';
  const cardOf = (id: UniqueIdentifier) => cards.get(Number(String(id).replace('card-', '')));
  const where = (data: DropData | undefined): string => {
    if (!data) return '';
    if (data.type === 'column') return stepName(data.stepId);
    const card = cards.get(data.applicantId);
    return card ? `${stepName(card.step_id)}, at ${card.name}` : '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${cardOf(active.id)?.name ?? 'the applicant'}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${cardOf(active.id)?.name ?? 'The applicant'} is over ${where(over.data.current as DropData)}.`
        : `${cardOf(active.id)?.name ?? 'The applicant'} is no longer over a step.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${cardOf(active.id)?.name ?? 'The applicant'} was dropped in ${where(over.data.current as DropData)}.`
        : `${cardOf(active.id)?.name ?? 'The applicant'} was dropped where it was.`,
    onDragCancel: ({ active }) => `Moving ${cardOf(active.id)?.name ?? 'the applicant'} was cancelled.`,
  };
  const start = ({ active }: DragStartEvent) => setDragging(cardOf(active.id) ?? null);
  const end = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const card = cardOf(active.id);
    if (!card || !over) return;
    const target = dropTarget(board, card.id, over.data.current as DropData);
    if (!target) return;
    const column = board.columns.find((each) => each.step.id === card.step_id);
    if (target.stepId === card.step_id && column?.cards[target.position]?.id === card.id) return;
    flow.request(card, target.stepId, target.position);
  };
  const toggle = (stepId: number) =>
    setUnfolded((previous) => {
      const next = new Set(previous);
      if (next.has(stepId)) next.delete(stepId);
      else next.add(stepId);
      return next;
    });
  const open = (applicantId: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('applicant', String(applicantId));
      return next;
    });

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To move an applicant, press space or enter on the grip. Use the arrow keys to choose the step and ' +
              'place, then press space or enter to drop, or escape to cancel.',
          },
        }}
        onDragStart={start}
        onDragEnd={end}
        onDragCancel={() => setDragging(null)}
      >
        <ScrollArea type="auto" offsetScrollbars>
          <Group align="flex-start" wrap="nowrap" gap="sm" pb="sm">
            {board.columns.map((column) => {
              const folded = column.step.kind !== 'active' && !unfolded.has(column.step.id);
              return (
                <BoardColumn key={column.step.id} column={column} folded={folded} onToggle={toggle}>
                  {column.cards.map((card) => (
                    <SortableCard key={card.id} card={card} onOpen={open} />
                  ))}
                </BoardColumn>
              );
            })}
          </Group>
        </ScrollArea>
        <DragOverlay>
          {dragging ? <CardBody card={dragging} grip={<GripIcon />} onOpen={() => {}} /> : null}
        </DragOverlay>
      </DndContext>
      {flow.dialogs}
    </>
  );
}

function BoardColumn({
  column,
  folded,
  onToggle,
  children,
}: {
  column: Column;
  folded: boolean;
  onToggle: (stepId: number) => void;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({
    id: columnId(column.step.id),
    data: { type: 'column', stepId: column.step.id } satisfies DropData,
  });
  const ids = column.cards.map((card) => cardId(card.id));
  const foldable = column.step.kind !== 'active';
  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-label={column.step.name}
      withBorder
      radius="md"
      p="xs"
      w={folded ? 150 : 270}
      miw={folded ? 150 : 270}
      bg={isOver ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-gray-light)'}
      style={{ borderTop: `3px solid ${column.step.color}` }}
      data-testid={`column-${column.step.id}`}
    >
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Group gap={6} wrap="nowrap">
          <Text fw={600} size="sm">
            {column.step.name}
          </Text>
          <Badge size="sm" variant="light" color="gray" aria-label={`${column.cards.length} applicants`}>
            {column.cards.length}
          </Badge>
        </Group>
        {foldable && (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={folded ? `Show ${column.step.name}` : `Fold ${column.step.name}`}
            aria-expanded={!folded}
            onClick={() => onToggle(column.step.id)}
          >
            {folded ? <IconChevronRight size={14} aria-hidden /> : <IconChevronLeft size={14} aria-hidden />}
          </ActionIcon>
        )}
      </Group>
      {folded ? (
        <Text size="xs" c="dimmed" mih={60}>
          Drop here to move to {column.step.name}.
        </Text>
      ) : (
        <SortableContext id={columnId(column.step.id)} items={ids} strategy={verticalListSortingStrategy}>
          <Stack gap={6} mih={60}>
            {children}
          </Stack>
        </SortableContext>
      )}
    </Paper>
  );
}

function GripIcon() {
  return <IconGripVertical size={14} aria-hidden />;
}

function SortableCard({ card, onOpen }: { card: HrBoardCard; onOpen: (id: number) => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: cardId(card.id),
    data: { type: 'card', applicantId: card.id } satisfies DropData,
  });
  const grip = (
    <ActionIcon
      ref={setActivatorNodeRef}
      size="sm"
      variant="subtle"
      color="gray"
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
      aria-label={`Move ${card.name}`}
    >
      <GripIcon />
    </ActionIcon>
  );
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.4 : undefined }}
    >
      <CardBody card={card} grip={grip} onOpen={onOpen} />
    </div>
  );
}

function CardBody({ card, grip, onOpen }: { card: HrBoardCard; grip: ReactNode; onOpen: (id: number) => void }) {
  return (
    <Paper
      withBorder
      radius="sm"
      p={6}
      shadow="xs"
      data-testid={`card-${card.id}`}
      aria-label={card.name}
      role="article"
    >
      <Group gap={4} wrap="nowrap" align="flex-start">
        {grip}
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <UnstyledButton onClick={() => onOpen(card.id)} aria-label={`Open ${card.name}`}>
            <Text fw={500} size="sm" truncate>
              {card.name}
            </Text>
          </UnstyledButton>
          <Group gap={6} wrap="nowrap">
            {card.rating !== null ? (
              <Rating value={card.rating} readOnly size="xs" aria-label={`Rated ${card.rating} of 5`} />
            ) : (
              <Text size="xs" c="dimmed">
                Not rated
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {card.days_in_step === 1 ? '1 day' : `${card.days_in_step} days`} in step
            </Text>
          </Group>
          {card.next_interview && (
            <Text size="xs" c="blue">
              {hrInterviewKindLabels[card.next_interview.kind]} · {interviewTime(card.next_interview.starts_at)}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
