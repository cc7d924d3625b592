/** Badge colour of a grade letter: green for A, teal for B, yellow for C, orange for D, red for F. */
export function letterColor(letter: string): string {
  if (letter.startsWith('A')) return 'green';
  if (letter.startsWith('B')) return 'teal';
  if (letter.startsWith('C')) return 'yellow';
  if (letter.startsWith('D')) return 'orange';
  if (letter === 'F') return 'red';
  return 'gray';
}
