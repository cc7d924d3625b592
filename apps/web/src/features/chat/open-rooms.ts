/** Rooms open on screen (page or side panel, several views count separately): their live messages are read at once. */
const counts = new Map<number, number>();

export const openRooms = {
  add(roomId: number): void {
    counts.set(roomId, (counts.get(roomId) ?? 0) + 1);
  },
  remove(roomId: number): void {
    const left = (counts.get(roomId) ?? 1) - 1;
    if (left <= 0) counts.delete(roomId);
    else counts.set(roomId, left);
  },
  has(roomId: number): boolean {
    return counts.has(roomId);
  },
};
