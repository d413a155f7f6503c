import type { Blackboard } from '@phonecloud/shared';

// Where notes put on a board without a drag go: a grid from the top left, this far apart.
const GAP_PX = 16;
const COLUMNS = 4;

/**
 * The first place of a grid on the board that no note covers: a note put on the board from its
 * menu (touch screens, keyboards) lands where it can be seen. The grid has as many columns as
 * the board shows (`shownWidth`, its width on screen; at most four): on a phone's narrow board a
 * fourth column would lie off screen.
 */
export function freeSpot(
  board: Blackboard,
  size: { width: number; height: number },
  shownWidth?: number,
): { x: number; y: number } {
  const fit = shownWidth === undefined ? COLUMNS : Math.floor((shownWidth - GAP_PX) / (size.width + GAP_PX));
  const columns = Math.max(1, Math.min(COLUMNS, fit));
  const taken = Object.values(board.member_list).map((m) => m.position);
  const overlaps = (x: number, y: number) =>
    taken.some((p) => Math.abs(p.x - x) < size.width && Math.abs(p.y - y) < size.height);
  for (let i = 0; ; i += 1) {
    const x = GAP_PX + (i % columns) * (size.width + GAP_PX);
    const y = GAP_PX + Math.floor(i / columns) * (size.height + GAP_PX);
    if (!overlaps(x, y)) return { x, y };
  }
}
