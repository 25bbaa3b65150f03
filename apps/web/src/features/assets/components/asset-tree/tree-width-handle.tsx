import { Box } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type PointerEvent, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { notifyError } from '../../../../shared/notifications/notify-error.ts';
import { useUserSettings } from '../../../session/index.ts';
import { saveAssetTreeWidth } from '../../api/asset-tree-width.ts';
import { clampTreeWidth, TREE_DEFAULT_WIDTH, TREE_KEY_STEP } from '../../lib/tree-width.ts';

/**
 * The draggable left edge of the asset tree's slide panel. The panel is a modal-stack slide panel of a
 * fixed size, so the width is applied to the drawer's content element (Mantine's `--drawer-flex`) from
 * inside; the edge is portalled there to sit on the panel's border. The width is saved in the user's
 * settings when a drag (or key press) ends, and read back the next time the tree opens.
 */
export function TreeWidthHandle({ userId }: { userId: string | undefined }) {
  const anchorRef = useRef<HTMLSpanElement>(null);
  const queryClient = useQueryClient();
  const settings = useUserSettings(userId);
  const [panel, setPanel] = useState<HTMLElement | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const saved = settings.data?.assetTreeWidth ?? null;
  const width = clampTreeWidth(dragged ?? saved ?? TREE_DEFAULT_WIDTH, window.innerWidth);

  useLayoutEffect(() => {
    const content = anchorRef.current?.closest<HTMLElement>('.mantine-Drawer-content') ?? null;
    setPanel(content);
  }, []);
  useLayoutEffect(() => {
    if (!panel) return;
    panel.style.setProperty('--drawer-flex', `0 0 ${width}px`);
    panel.style.position = 'relative';
  }, [panel, width]);

  const save = (next: number) => {
    if (!userId) return;
    saveAssetTreeWidth(queryClient, userId, next).catch((error: unknown) => notifyError(error));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const startX = event.clientX;
    const startWidth = width;
    let last = startWidth;
    // The panel hangs on the right edge: dragging left widens it.
    const move = (moveEvent: globalThis.PointerEvent) => {
      last = clampTreeWidth(startWidth + startX - moveEvent.clientX, window.innerWidth);
      setDragged(last);
    };
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', up);
      if (last !== startWidth) save(last);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', up);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowLeft' ? TREE_KEY_STEP : event.key === 'ArrowRight' ? -TREE_KEY_STEP : 0;
    if (!step) return;
    event.preventDefault();
    const next = clampTreeWidth(width + step, window.innerWidth);
    setDragged(next);
    save(next);
  };

  return (
    <>
      <span ref={anchorRef} hidden />
      {panel &&
        createPortal(
          <Box
            role="separator"
            aria-label="Asset tree width"
            aria-orientation="vertical"
            aria-valuenow={width}
            tabIndex={0}
            onPointerDown={onPointerDown}
            onKeyDown={onKeyDown}
            pos="absolute"
            top={0}
            left={0}
            bottom={0}
            w={6}
            style={{ cursor: 'col-resize', touchAction: 'none', zIndex: 1 }}
            data-testid="asset-tree-width"
          />,
          panel,
        )}
    </>
  );
}
