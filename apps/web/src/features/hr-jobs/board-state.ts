import type { HrBoard, HrBoardCard } from '@switchboard/shared/hr/jobs';

// The board's cache edits (designs/hr.md §5): a drop shown at once, and the hr_job_{id} events applied to every open
// board. Each is idempotent (a card is taken out wherever it is, then put in), so our own echo changes nothing.

const renumbered = (cards: HrBoardCard[]) =>
  cards.map((card, index) => (card.position === index ? card : { ...card, position: index }));

/** The board without the card, wherever it was. */
function withoutCard(board: HrBoard, applicantId: number): HrBoard {
  return {
    ...board,
    columns: board.columns.map((column) =>
      column.cards.some((card) => card.id === applicantId)
        ? { ...column, cards: renumbered(column.cards.filter((card) => card.id !== applicantId)) }
        : column,
    ),
  };
}

/** The board with `card` in its step's column at `position` (clamped), taken out of wherever it was before. */
export function placeCard(board: HrBoard, card: HrBoardCard, position: number): HrBoard {
  const rest = withoutCard(board, card.id);
  return {
    ...rest,
    columns: rest.columns.map((column) => {
      if (column.step.id !== card.step_id) return column;
      const cards = [...column.cards];
      cards.splice(Math.max(0, Math.min(position, cards.length)), 0, card);
      return { ...column, cards: renumbered(cards) };
    }),
  };
}

/** The card of an applicant on this board, or null. */
export function findCard(board: HrBoard, applicantId: number): HrBoardCard | null {
  for (const column of board.columns) {
    const card = column.cards.find((each) => each.id === applicantId);
    if (card) return card;
  }
  return null;
}

/** A drop before the server answers: the card in the new column, 0 days in its new step. */
export function moveCard(board: HrBoard, applicantId: number, stepId: number, position: number): HrBoard {
  const card = findCard(board, applicantId);
  if (!card) return board;
  const moved = card.step_id === stepId ? card : { ...card, step_id: stepId, days_in_step: 0 };
  return placeCard(board, moved, position);
}

/** ApplicantUpdated: the new card in place (same step, same position), or gone when deleted. */
export function updateCard(board: HrBoard, applicantId: number, card: HrBoardCard | null): HrBoard {
  if (card === null) return withoutCard(board, applicantId);
  const column = board.columns.find((each) => each.step.id === card.step_id);
  const index = column?.cards.findIndex((each) => each.id === applicantId) ?? -1;
  return placeCard(board, card, index >= 0 ? index : card.position);
}

/**
 * Where a drop lands: over a card, its column at that card's index; over a column itself, at its end. Moving down
 * within one column puts the card after the one it was dropped on (dnd-kit's sortable order).
 */
export function dropTarget(
  board: HrBoard,
  applicantId: number,
  over: { type: 'card'; applicantId: number } | { type: 'column'; stepId: number },
): { stepId: number; position: number } | null {
  if (over.type === 'column') {
    const column = board.columns.find((each) => each.step.id === over.stepId);
    if (!column) return null;
    const length = column.cards.filter((card) => card.id !== applicantId).length;
    return { stepId: column.step.id, position: length };
  }
  for (const column of board.columns) {
    const index = column.cards.findIndex((card) => card.id === over.applicantId);
    if (index < 0) continue;
    return { stepId: column.step.id, position: index };
  }
  return null;
}
