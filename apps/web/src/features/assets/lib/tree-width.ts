/** The asset tree's width bounds in pixels; the saved width is clamped into them (and the window). */
export const TREE_MIN_WIDTH = 280;
export const TREE_MAX_WIDTH = 900;
/** Mantine's 'sm' drawer, the width until the user drags the edge. */
export const TREE_DEFAULT_WIDTH = 380;
/** Arrow keys on the edge move it by this much. */
export const TREE_KEY_STEP = 20;

export function clampTreeWidth(width: number, viewport: number): number {
  const max = Math.max(TREE_MIN_WIDTH, Math.min(TREE_MAX_WIDTH, viewport - 40));
  return Math.round(Math.min(max, Math.max(TREE_MIN_WIDTH, width)));
}
